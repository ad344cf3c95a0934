import { describe, expect, it } from "vitest";
import {
  SAME_ORIGIN_JSON,
  cookieFor,
  json,
  ownerCookie,
  request,
  send,
  upstream,
  withBffAgainstService,
} from "@/test-support/bff";

/**
 * Sessions are sealed cookies, so a copied cookie used to keep working after
 * sign-out. Now sign-out and a revoked key are recorded in the dashboard's store, and the
 * BFF refuses such a cookie itself, before anything reaches the service.
 */
withBffAgainstService();

const UNAUTHENTICATED = "unauthenticated";

async function signOut(cookie: string) {
  const { DELETE } = await import("@/app/api/session/route");
  return DELETE(
    request("/api/session", { method: "DELETE", headers: { "sec-fetch-site": "same-origin" }, cookie }),
  );
}

describe("a session ended by sign-out or a revoked key is refused", () => {
  it("sign-out ends the session: a copy of its cookie gets 401 and reaches nothing upstream", async () => {
    const { ownerKey } = await import("@/test-support/bff");
    const copy = await cookieFor(ownerKey);
    expect((await send("/api/svc/api_keys", { cookie: copy })).status).toBe(200);
    const out = await signOut(copy);
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/rmd_session=;.*Max-Age=0/);
    upstream.length = 0;
    const replay = await send("/api/svc/api_keys", { cookie: copy });
    expect(replay.status).toBe(401);
    expect((await json(replay)).error.code).toBe(UNAUTHENTICATED);
    expect(upstream).toEqual([]);
    // Another session of the same key is not affected.
    expect((await send("/api/svc/api_keys", { cookie: ownerCookie })).status).toBe(200);
  });

  it("revoking a key through the dashboard ends every session signed in with it, at once", async () => {
    const created = await send("/api/svc/api_keys", {
      method: "POST",
      headers: SAME_ORIGIN_JSON,
      body: JSON.stringify({ name: "to be revoked" }),
    });
    expect(created.status).toBe(201);
    const { key, token_id } = (await created.json()) as { key: string; token_id: string };
    const first = await cookieFor(key, token_id);
    const second = await cookieFor(key, token_id);
    for (const cookie of [first, second])
      expect((await send("/api/svc/listings?per_page=1", { cookie })).status).toBe(200);

    const revoked = await send(`/api/svc/api_keys/${token_id}`, {
      method: "DELETE",
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(revoked.status).toBe(200);
    upstream.length = 0;
    for (const cookie of [first, second]) {
      const res = await send("/api/svc/listings?per_page=1", { cookie });
      expect(res.status).toBe(401);
      expect((await json(res)).error.code).toBe(UNAUTHENTICATED);
    }
    expect(upstream).toEqual([]);
  });

  it("a key the service refused ends the session: the copy is then refused without asking the service", async () => {
    const cookie = await cookieFor("sk_live_00000000000000000000000000000001");
    expect((await send("/api/svc/listings", { cookie })).status).toBe(401);
    expect(upstream).toHaveLength(1);
    const again = await send("/api/svc/listings", { cookie });
    expect(again.status).toBe(401);
    expect((await json(again)).error.code).toBe(UNAUTHENTICATED);
    expect(upstream).toHaveLength(1);
  });
});
