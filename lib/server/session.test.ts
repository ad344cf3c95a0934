import { sealData } from "iron-session";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// env() reads process.env once, on first use: set it before the modules load.
const SECRET = "0123456789abcdef".repeat(4);
process.env.SESSION_SECRET = SECRET;
delete process.env.SESSION_TTL_HOURS;

let mod: typeof import("@/lib/server/session");
beforeAll(async () => {
  mod = await import("@/lib/server/session");
});
afterEach(() => {
  vi.useRealTimers();
});

const session = {
  sessionId: "sess_test_0000000000001",
  keyId: "tok_0123456789abcdef",
  apiKey: "sk_live_secret_key_value_1234",
  label: "Olivia Hart",
  persona: "owner",
  keyKind: "standard" as const,
  signedInAt: 1_700_000_000_000,
};

/** Changes one character in the middle of the sealed string. */
function tamper(sealed: string): string {
  const i = Math.floor(sealed.length / 2);
  return sealed.slice(0, i) + (sealed[i] === "A" ? "B" : "A") + sealed.slice(i + 1);
}

describe("sealSession / unsealSession", () => {
  it("round-trips a session", async () => {
    const sealed = await mod.sealSession(session);
    expect(sealed).toMatch(/^Fe26\.2\*/);
    expect(sealed).not.toContain(session.apiKey);
    expect(await mod.unsealSession(sealed)).toEqual(session);
  });

  it("a session without persona or key kind round-trips too", async () => {
    const plain = { ...session, persona: null, keyKind: null, label: "Key ••••1234" };
    expect(await mod.unsealSession(await mod.sealSession(plain))).toEqual(plain);
  });

  it("a tampered, truncated or foreign string is null", async () => {
    const sealed = await mod.sealSession(session);
    expect(await mod.unsealSession(tamper(sealed))).toBeNull();
    expect(await mod.unsealSession(sealed.slice(0, -5))).toBeNull();
    // The HMAC is the part before iron-session's "~<version>" suffix.
    const [body, version] = sealed.split("~");
    const flipped = body!.slice(0, -1) + (body!.endsWith("A") ? "B" : "A");
    expect(await mod.unsealSession(`${flipped}~${version}`)).toBeNull();
    expect(await mod.unsealSession("Fe26.2**garbage")).toBeNull();
    expect(await mod.unsealSession("not a seal")).toBeNull();
  });

  it("a missing cookie is null", async () => {
    expect(await mod.unsealSession(undefined)).toBeNull();
    expect(await mod.unsealSession(null)).toBeNull();
    expect(await mod.unsealSession("")).toBeNull();
  });

  it("a cookie sealed with another secret is null", async () => {
    const foreign = await sealData(session, {
      password: "another-secret-another-secret-another!",
      ttl: 3600,
    });
    expect(await mod.unsealSession(foreign)).toBeNull();
  });

  it("a genuine seal whose content is not a session is null", async () => {
    const odd = await sealData({ apiKey: "", label: 3 }, { password: SECRET, ttl: 3600 });
    expect(await mod.unsealSession(odd)).toBeNull();
  });

  it("an expired cookie is null", async () => {
    // Sealed 13 hours ago with the default 12-hour lifetime: past iron's 60 s clock skew too.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 13 * 3600 * 1000);
    const old = await mod.sealSession(session);
    vi.useRealTimers();
    expect(await mod.unsealSession(old)).toBeNull();
  });
});

describe("sessionCookieFrom", () => {
  const headers = (cookie?: string) => new Headers(cookie === undefined ? {} : { cookie });

  it("finds our cookie among several and decodes it", async () => {
    const sealed = await mod.sealSession(session);
    const cookie = `theme=dark; ${mod.SESSION_COOKIE}=${encodeURIComponent(sealed)}; other=a=b`;
    expect(mod.sessionCookieFrom(headers(cookie))).toBe(sealed);
    expect(await mod.unsealSession(mod.sessionCookieFrom(headers(cookie)))).toEqual(session);
  });

  it("keeps '=' inside the value and tolerates spacing", () => {
    expect(mod.sessionCookieFrom(headers(`a=1;rmd_session=x=y==;b=2`))).toBe("x=y==");
    expect(mod.sessionCookieFrom(headers(`  rmd_session=v  `))).toBe("v");
  });

  it("is null without the header or without our cookie", () => {
    expect(mod.sessionCookieFrom(headers())).toBeNull();
    expect(mod.sessionCookieFrom(headers("a=1; b=2"))).toBeNull();
    expect(mod.sessionCookieFrom(headers("xrmd_session=1; rmd_session_old=2"))).toBeNull();
  });

  it("a badly percent-encoded value is no session, not an exception", () => {
    expect(() => mod.sessionCookieFrom(headers("rmd_session=%E0%A4%A"))).not.toThrow();
    expect(mod.sessionCookieFrom(headers("rmd_session=%"))).toBeNull();
  });
});

describe("the session view", () => {
  it("never contains the API key", () => {
    const view = mod.viewOf(session);
    expect(view).toEqual({
      // Only the last four characters, as the key list shows them.
      keyLast4: session.apiKey.slice(-4),
      label: "Olivia Hart",
      persona: "owner",
      keyKind: "standard",
      signedInAt: 1_700_000_000_000,
    });
    expect("apiKey" in view).toBe(false);
    expect(JSON.stringify(view)).not.toContain(session.sessionId);
    expect(JSON.stringify(view)).not.toContain(session.apiKey);
  });

  it("cookie options are httpOnly, SameSite=Lax, and end before the seal does", () => {
    const options = mod.sessionCookieOptions(true);
    expect(options).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true, path: "/" });
    expect(options.maxAge).toBeLessThan(12 * 3600);
    expect(options.maxAge).toBeGreaterThan(0);
    expect(mod.sessionCookieOptions(false).secure).toBe(false);
  });
});

describe("ended sessions are refused, cached seal or not", () => {
  let ends: typeof import("@/lib/server/ended-sessions");
  beforeAll(async () => {
    ends = await import("@/lib/server/ended-sessions");
  });
  const live = (n: number, keyId: string | null = `tok_live_${n}`) => ({
    ...session,
    sessionId: `sess_live_${String(n).padStart(12, "0")}`,
    keyId,
    signedInAt: Date.now(),
  });

  it("sign-out ends the session at once, though its seal was just unsealed (and cached)", async () => {
    const s = live(1);
    const sealed = await mod.sealSession(s);
    expect(await mod.unsealSession(sealed)).toEqual(s);
    await ends.endSession(s);
    expect(await mod.unsealSession(sealed)).toBeNull();
  });

  it("ending one session leaves another session of the same key working", async () => {
    const a = live(2, "tok_shared");
    const b = live(3, "tok_shared");
    const sealedB = await mod.sealSession(b);
    await ends.endSession(a);
    expect(await mod.unsealSession(sealedB)).toEqual(b);
  });

  it("revoking a key ends every session signed in with it, and a later sign-in on the key works", async () => {
    const a = live(4, "tok_revoked");
    const b = live(5, "tok_revoked");
    const other = live(6, "tok_kept");
    const sealed = await Promise.all([a, b, other].map((s) => mod.sealSession(s)));
    for (const seal of sealed) expect(await mod.unsealSession(seal)).not.toBeNull();
    await ends.endKeySessions("tok_revoked");
    expect(await mod.unsealSession(sealed[0])).toBeNull();
    expect(await mod.unsealSession(sealed[1])).toBeNull();
    expect(await mod.unsealSession(sealed[2])).toEqual(other);
    // Signed in after the revocation: the service accepted the key again (a reset world).
    const later = { ...live(10, "tok_revoked"), signedInAt: Date.now() + 5 };
    expect(await mod.unsealSession(await mod.sealSession(later))).toEqual(later);
  });

  it("an open stream of the session hears that it ended", async () => {
    const s = live(7);
    const heard: unknown[] = [];
    const stop = ends.onSessionEnded((notice) => {
      if (ends.concerns(notice, s)) heard.push(notice);
    });
    await ends.endSession(live(8));
    await ends.endSession(s);
    stop();
    expect(heard).toEqual([{ sessionId: s.sessionId }]);
  });

  it("a cookie from before session ids is no session", async () => {
    const old: Partial<ReturnType<typeof live>> = live(9);
    delete old.sessionId;
    delete old.keyId;
    const { sealData } = await import("iron-session");
    expect(await mod.unsealSession(await sealData(old, { password: SECRET }))).toBeNull();
  });
});
