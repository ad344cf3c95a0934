import "server-only";
import { randomBytes } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import { sessionId, serviceKeyId } from "@/lib/server/dashboard-store";
import { isSessionEnded } from "@/lib/server/ended-sessions";
import { env } from "@/lib/server/env";

/**
 * The session lives in one encrypted, httpOnly, SameSite cookie (iron-session seal). It is
 * the only place the API key is kept; no page script can read it. Each session has an id, so
 * that sign-out (and revoking its key) can end it before the cookie expires: see
 * ended-sessions.ts.
 */
export const SESSION_COOKIE = "rmd_session";

export const sessionSchema = z.object({
  /** Random, made at sign-in; what sign-out records as ended. */
  sessionId,
  apiKey: z.string().min(1),
  /** The service's token id of the key, when sign-in found it: revoking it ends the session. */
  keyId: serviceKeyId.nullable(),
  /** What the shell shows: the persona's name, or the key's name. */
  label: z.string(),
  persona: z.string().nullable(),
  keyKind: z.enum(["standard", "read_only", "channel_integration", "assistant"]).nullable(),
  signedInAt: z.number(),
});
export type Session = z.infer<typeof sessionSchema>;

export const newSessionId = () => randomBytes(18).toString("base64url");

/** What a page may know about the session: no key, no ids, listed field by field. */
export type SessionView = Omit<Session, "apiKey" | "sessionId" | "keyId"> & {
  /** The key's last four characters, as the key list shows them (marks "this session"). */
  keyLast4: string;
};
export const viewOf = (s: Session): SessionView => ({
  keyLast4: s.apiKey.slice(-4),
  label: s.label,
  persona: s.persona,
  keyKind: s.keyKind,
  signedInAt: s.signedInAt,
});

export async function sealSession(session: Session): Promise<string> {
  const { sessionSecret, sessionTtlSeconds } = env();
  return sealData(session, { password: sessionSecret, ttl: sessionTtlSeconds });
}

/**
 * Unsealing costs about 0.4 ms of CPU (measured by bench:proxy), paid on every BFF request.
 * A valid seal is remembered for a few seconds, never past the session's own expiry: the
 * cookie value is itself the credential, so the cache grants nothing the cookie did not.
 */
const REMEMBER_MS = 10_000;
const REMEMBER_MAX = 1_000;
const remembered = new Map<string, { session: Session; until: number }>();

function remember(sealed: string, session: Session, ttlSeconds: number, now: number) {
  if (remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value!);
  remembered.set(sealed, {
    session,
    until: Math.min(now + REMEMBER_MS, session.signedInAt + ttlSeconds * 1000),
  });
}

async function unsealOnly(sealed: string): Promise<Session | null> {
  const now = Date.now();
  const hit = remembered.get(sealed);
  if (hit && hit.until > now) return hit.session;
  if (hit) remembered.delete(sealed);
  const { sessionSecret, sessionTtlSeconds } = env();
  try {
    const data = await unsealData<unknown>(sealed, { password: sessionSecret, ttl: sessionTtlSeconds });
    const parsed = sessionSchema.safeParse(data);
    if (!parsed.success) return null;
    remember(sealed, parsed.data, sessionTtlSeconds, now);
    return parsed.data;
  } catch {
    return null;
  }
}

/**
 * null for a missing, expired, tampered or ended cookie. The ended check runs on every call,
 * cached seal or not: the cache saves the decryption, never a revocation.
 */
export async function unsealSession(sealed: string | undefined | null): Promise<Session | null> {
  if (!sealed) return null;
  const session = await unsealOnly(sealed);
  if (!session || (await isSessionEnded(session))) return null;
  return session;
}

/** Reads our cookie from a raw `Cookie` header (route handlers called with a plain Request). */
export function sessionCookieFrom(headers: Headers): string | null {
  const header = headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== SESSION_COOKIE) continue;
    // A badly encoded value is no session, not an exception (a 500 on every request).
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

export function sessionCookieOptions(secure: boolean) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    path: "/",
    maxAge: env().sessionTtlSeconds - 60,
  };
}

/** A Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
