import { z } from "zod";
import { env } from "@/lib/server/env";
import { errorResponse, isSameOriginWrite } from "@/lib/server/http";
import { listPersonas, personaName } from "@/lib/server/personas";
import { endKeySessions, endSession } from "@/lib/server/ended-sessions";
import { forgetMirrorOf } from "@/lib/server/mirror/forget";
import {
  SESSION_COOKIE,
  sealSession,
  sessionCookieFrom,
  sessionCookieOptions,
  unsealSession,
  viewOf,
} from "@/lib/server/session";
import { verifyKey } from "@/lib/server/sign-in";

const signInBody = z.union([
  z.object({ apiKey: z.string().trim().min(8, "Paste the whole API key.").max(512) }),
  z.object({ persona: z.string().min(1).max(40) }),
]);

function cookieHeader(value: string, maxAge: number, secure: boolean) {
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Sign in: with a pasted key, or (reference service only) as a demo persona. */
export async function POST(request: Request) {
  if (!isSameOriginWrite(request, env().dashboardOrigin)) {
    return errorResponse(403, "cross_site_write", "Sign in from the dashboard's own page.");
  }
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    return errorResponse(415, "unsupported_media_type", "Send the body as application/json.");
  }
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return errorResponse(400, "malformed_json", "The body is not valid JSON.");
  }
  const parsed = signInBody.safeParse(json);
  if (!parsed.success) {
    return errorResponse(400, "invalid_body", parsed.error.issues[0]?.message ?? "Paste an API key.");
  }

  let apiKey: string;
  let persona: { id: string; name: string } | null = null;
  const data = parsed.data;
  if ("persona" in data) {
    const list = await listPersonas();
    if (list.state === "not_answering") {
      return errorResponse(
        502,
        "reference_service_not_answering",
        "The reference service is not answering right now, so demo personas cannot sign in. Try again in a moment.",
      );
    }
    if (list.state === "not_reference_service") {
      return errorResponse(
        404,
        "unknown_persona",
        "Demo personas are only available with the reference service.",
      );
    }
    const found = list.personas.find((p) => p.persona === data.persona);
    const key = found?.keys.standard ?? Object.values(found?.keys ?? {})[0];
    if (!found || !key) {
      return errorResponse(404, "unknown_persona", "There is no such demo persona.");
    }
    apiKey = key;
    persona = { id: found.persona, name: personaName(found) };
  } else {
    apiKey = data.apiKey;
  }

  const result = await verifyKey(apiKey, persona);
  if (!result.ok) return errorResponse(result.status, result.code, result.message);

  const sealed = await sealSession(result.session);
  const secure = new URL(request.url).protocol === "https:";
  return new Response(JSON.stringify({ session: viewOf(result.session) }), {
    status: 200,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
      "set-cookie": cookieHeader(sealed, sessionCookieOptions(secure).maxAge, secure),
    },
  });
}

/**
 * Sign out: the session is recorded as ended (a copy of the cookie is refused from now on)
 * and the cookie is cleared; the key is forgotten with it. `?everywhere=true` ends every
 * session signed in with this key, on every browser and instance, and erases the account's
 * portfolio mirror with its sync state and stored read-only key.
 */
export async function DELETE(request: Request) {
  if (!isSameOriginWrite(request, env().dashboardOrigin)) {
    return errorResponse(403, "cross_site_write", "Sign out from the dashboard's own page.");
  }
  const everywhere = new URL(request.url).searchParams.get("everywhere") === "true";
  const session = await unsealSession(sessionCookieFrom(request.headers));
  if (session && everywhere) {
    await forgetMirrorOf(session);
    await (session.keyId ? endKeySessions(session.keyId) : endSession(session));
  } else if (session) await endSession(session);
  const secure = new URL(request.url).protocol === "https:";
  return new Response(null, {
    status: 204,
    headers: { "cache-control": "no-store", "set-cookie": cookieHeader("", 0, secure) },
  });
}
