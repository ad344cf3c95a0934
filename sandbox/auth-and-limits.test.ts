import { describe, it, expect, beforeAll, beforeEach } from "vitest";
import { endpointList } from "../lib/svc/endpoints";
import { matchPath } from "../lib/svc/match";
import { buildPath } from "../lib/svc/paths";
import type { Sandbox } from "./app";
import {
  alignToWindowStart,
  allListings,
  call,
  expectError,
  makeSandbox,
  personaKeys,
  rows,
  type CallResult,
  type Personas,
} from "./test-support";

const RATE_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

function expectRateHeaders(res: CallResult) {
  for (const name of RATE_HEADERS) expect(res.headers.get(name), name).toMatch(/^\d+$/);
}

describe("authentication, keys and errors", () => {
  let sandbox: Sandbox;
  let p: Personas;
  let ownerSvcId: string;

  // Nothing here changes what a later test reads (a created key is revoked at once), so the
  // sandbox is shared without resets.
  beforeAll(async () => {
    sandbox = makeSandbox();
    p = await personaKeys(sandbox);
    ownerSvcId = (await allListings(sandbox, p.owner.keys.standard, "include_managed_listings=false"))[0]!
      .svc_id;
  });

  it("a request without an API key gets 401", async () => {
    expectError(await call(sandbox, "GET", "/listings"), 401, "unauthorized");
  });

  it("an unknown API key gets 401", async () => {
    expectError(
      await call(sandbox, "GET", "/listings", { key: "sk_live_not_a_real_key" }),
      401,
      "unauthorized",
    );
  });

  it("a revoked API key gets 401", async () => {
    const created = await call(sandbox, "POST", "/api_keys", {
      key: p.owner.keys.standard,
      body: { name: "temp" },
    });
    expect(created.status).toBe(201);
    expect((await call(sandbox, "GET", "/listings", { key: created.json.key })).status).toBe(200);
    const revoked = await call(sandbox, "DELETE", `/api_keys/${created.json.token_id}`, {
      key: p.owner.keys.standard,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revoked_at).toEqual(expect.any(String));
    expectError(await call(sandbox, "GET", "/listings", { key: created.json.key }), 401, "unauthorized");
  });

  it("every 4xx and 5xx answer uses the error body", async () => {
    const key = p.owner.keys.standard;
    const answers = [
      await call(sandbox, "GET", "/listings"),
      await call(sandbox, "GET", "/nowhere", { key }),
      await call(sandbox, "DELETE", "/listings", { key }),
      await call(sandbox, "GET", `/listings/${ownerSvcId}`, { key }),
      await call(sandbox, "GET", "/listings/999999999?channel=svc", { key }),
      await call(sandbox, "GET", "/listings?per_page=abc", { key }),
      await call(sandbox, "POST", "/api_keys", {
        key,
        body: "{oops",
        headers: { "Content-Type": "application/json" },
      }),
      await call(sandbox, "POST", "/api_keys", {
        key,
        body: "name=x",
        headers: { "Content-Type": "text/plain" },
      }),
      await call(sandbox, "PUT", `/listings/${ownerSvcId}/tags?channel=svc`, {
        key: p.owner.keys.read_only,
        body: { tags: [] },
      }),
      await call(sandbox, "GET", "/usage?days_back=30", { key }),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectError(res, res.status);
    }
  });

  it("a read-only key gets 403 read_only_key on PUT", async () => {
    const res = await call(sandbox, "PUT", `/listings/${ownerSvcId}/tags?channel=svc`, {
      key: p.owner.keys.read_only,
      body: { tags: ["blocked"] },
    });
    expectError(res, 403, "read_only_key");
    expect(
      rows<{ tags: string }>(sandbox, "SELECT tags FROM listings WHERE svc_id = ?", ownerSvcId)[0]!.tags,
    ).not.toContain("blocked");
  });

  it("a read-only key gets 403 read_only_key on DELETE", async () => {
    const keys = await call(sandbox, "GET", "/api_keys", { key: p.owner.keys.standard });
    const standard = keys.json.find((k: { kind: string }) => k.kind === "standard");
    const res = await call(sandbox, "DELETE", `/api_keys/${standard.token_id}`, {
      key: p.owner.keys.read_only,
    });
    expectError(res, 403, "read_only_key");
    expect((await call(sandbox, "GET", "/listings", { key: p.owner.keys.standard })).status).toBe(200);
  });

  it("a read-only key gets 403 read_only_key on a state-changing POST", async () => {
    const res = await call(sandbox, "POST", "/api_keys", {
      key: p.owner.keys.read_only,
      body: { name: "nope" },
    });
    expectError(res, 403, "read_only_key");
  });

  it("a read-only key can GET", async () => {
    const res = await call(sandbox, "GET", "/listings", { key: p.owner.keys.read_only! });
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
  });

  it("rate-limit headers are on every authenticated response, errors after authentication included", async () => {
    const key = p.owner.keys.standard;
    const ok = await call(sandbox, "GET", "/listings", { key });
    const missing = await call(sandbox, "GET", "/listings/999999999?channel=svc", { key });
    const forbidden = await call(sandbox, "PUT", `/listings/${ownerSvcId}/tags?channel=svc`, {
      key: p.owner.keys.read_only,
      body: { tags: [] },
    });
    const badQuery = await call(sandbox, "GET", "/listings?per_page=0", { key });
    expect(ok.status).toBe(200);
    expectError(missing, 404, "listing_not_found");
    expect(forbidden.status).toBe(403);
    expect(badQuery.status).toBe(400);
    for (const res of [ok, missing, forbidden, badQuery]) expectRateHeaders(res);
    const reset = Number(ok.headers.get("X-RateLimit-Reset"));
    expect(reset * 1000).toBeGreaterThan(sandbox.ctx.clock.nowMs());
    expect(reset * 1000 - sandbox.ctx.clock.nowMs()).toBeLessThanOrEqual(60_000);
  });

  it("an unknown path gets 404 with the error body", async () => {
    expectError(
      await call(sandbox, "GET", "/no_such_thing", { key: p.owner.keys.standard }),
      404,
      "not_found",
    );
  });

  it("a wrong method on a known path gets 405 with Allow", async () => {
    const res = await call(sandbox, "DELETE", "/listings", { key: p.owner.keys.standard });
    expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("Allow")).toBe("GET");
  });

  it("a write whose body is not application/json gets 415", async () => {
    const res = await call(sandbox, "POST", "/api_keys", {
      key: p.owner.keys.standard,
      body: "name=x",
      headers: { "Content-Type": "text/plain" },
    });
    expectError(res, 415, "unsupported_media_type");
  });

  it("malformed JSON gets 400 malformed_json", async () => {
    const res = await call(sandbox, "PUT", `/listings/${ownerSvcId}/tags?channel=svc`, {
      key: p.owner.keys.standard,
      body: '{"tags": [',
      headers: { "Content-Type": "application/json" },
    });
    expectError(res, 400, "malformed_json");
  });

  it("a query value of the wrong type gets 400 naming the parameter", async () => {
    const key = p.owner.keys.standard;
    const abc = expectError(
      await call(sandbox, "GET", "/listings?per_page=abc", { key }),
      400,
      "invalid_query",
    );
    expect(abc.details!.fields[0].field).toBe("per_page");
    const tooMany = expectError(
      await call(sandbox, "GET", "/listings?per_page=101", { key }),
      400,
      "invalid_query",
    );
    expect(tooMany.details!.fields[0].field).toBe("per_page");
    const both = expectError(
      await call(sandbox, "GET", "/listings?page=1&offset=0", { key }),
      400,
      "invalid_query",
    );
    expect(both.details!.fields.map((f: { field: string }) => f.field)).toContain("offset");
    const bool = expectError(await call(sandbox, "GET", "/listings?include_photos=maybe", { key }), 400);
    expect(bool.details!.fields[0].field).toBe("include_photos");
  });

  it("every contract endpoint is routed and implemented (none answers 501 or any 5xx)", async () => {
    const ownerSet = rows<{ id: string }>(
      sandbox,
      "SELECT id FROM sets WHERE owner_user_id = ? LIMIT 1",
      p.owner.user_id,
    )[0]!.id;
    const values: Record<string, string> = {
      listing_id: ownerSvcId,
      set_id: ownerSet,
      segment_id: "seg_1",
      market_id: "mkt_austin",
      note_id: "note_1",
      setting: "base_price",
      sub_user_id: p.manager.user_id,
      master_user_id: p.owner.user_id,
      id: "wh_1",
      token_id: "tok_does_not_exist",
    };
    const failures: string[] = [];
    for (const endpoint of endpointList) {
      const path = buildPath(endpoint.path, values) + (endpoint.listingScoped ? "?channel=svc" : "");
      const matched = matchPath(endpoint.method, path.split("?")[0]!);
      expect(matched.kind === "match" && matched.endpoint.id, `${endpoint.method} ${path}`).toBe(endpoint.id);
      const res = await call(sandbox, endpoint.method, path, {
        key: p.owner.keys.standard,
        body: endpoint.body ? {} : undefined,
      });
      const code = (res.json as { error?: { code?: string } } | null)?.error?.code;
      if (res.status >= 500) failures.push(`${endpoint.id} ${res.status} ${code}`);
      if (res.status === 404 && code === "not_found") failures.push(`${endpoint.id} unrouted`);
      if (res.status === 405) failures.push(`${endpoint.id} 405`);
      if (res.status >= 400) expectError(res, res.status);
    }
    expect(failures).toEqual([]);
  });
});

describe("rate limit", () => {
  let sandbox: Sandbox;
  let p: Personas;

  beforeAll(async () => {
    sandbox = makeSandbox({ rateLimitPerMinute: 3 });
    p = await personaKeys(sandbox);
  });
  // A new window starts every count afresh, for every key.
  beforeEach(() => alignToWindowStart(sandbox));

  it("the fourth request in a minute gets 429 rate_limited with Retry-After", async () => {
    const key = p.owner.keys.standard;
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(sandbox, "GET", "/api_keys", { key });
      expect(res.status).toBe(200);
      expect(res.headers.get("X-RateLimit-Limit")).toBe("3");
      remaining.push(res.headers.get("X-RateLimit-Remaining")!);
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const limited = await call(sandbox, "GET", "/api_keys", { key });
    expectError(limited, 429, "rate_limited");
    expectRateHeaders(limited);
    expect(limited.headers.get("X-RateLimit-Remaining")).toBe("0");
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("advancing the clock 60 seconds opens a fresh window", async () => {
    const key = p.owner.keys.standard;
    for (let i = 0; i < 3; i++) await call(sandbox, "GET", "/api_keys", { key });
    expect((await call(sandbox, "GET", "/api_keys", { key })).status).toBe(429);
    await call(sandbox, "POST", "/_sandbox/clock", { body: { advance_seconds: 60 } });
    const fresh = await call(sandbox, "GET", "/api_keys", { key });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("X-RateLimit-Remaining")).toBe("2");
  });

  it("limits are per key: another key is unaffected", async () => {
    for (let i = 0; i < 4; i++) await call(sandbox, "GET", "/api_keys", { key: p.owner.keys.standard });
    expect((await call(sandbox, "GET", "/api_keys", { key: p.owner.keys.standard })).status).toBe(429);
    const sameUserOtherKey = await call(sandbox, "GET", "/api_keys", { key: p.owner.keys.read_only });
    expect(sameUserOtherKey.status).toBe(200);
    expect(sameUserOtherKey.headers.get("X-RateLimit-Remaining")).toBe("2");
    expect((await call(sandbox, "GET", "/api_keys", { key: p.editor.keys.standard })).status).toBe(200);
  });
});

describe("concurrent writes", () => {
  let sandbox: Sandbox;
  let p: Personas;

  beforeAll(async () => {
    sandbox = makeSandbox({ writeLatencyMs: 100 });
    p = await personaKeys(sandbox);
  });

  it("a concurrent PUT on the same resource gets 409 conflict", async () => {
    const [listing] = await allListings(sandbox, p.owner.keys.standard, "include_managed_listings=false");
    const path = `/listings/${listing!.svc_id}/tags?channel=svc`;
    const key = p.owner.keys.standard;
    const results = await Promise.all([
      call(sandbox, "PUT", path, { key, body: { tags: ["first"] } }),
      call(sandbox, "PUT", path, { key, body: { tags: ["second"] } }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expectError(
      results.find((r) => r.status === 409)!,
      409,
      "conflict",
    );
    // The resource is free again once the first write completes.
    expect((await call(sandbox, "PUT", path, { key, body: { tags: ["third"] } })).status).toBe(200);
  });

  it("a concurrent PUT on the same listing addressed another way gets 409 conflict", async () => {
    const [listing] = await allListings(sandbox, p.owner.keys.standard, "include_managed_listings=false");
    const key = p.owner.keys.standard;
    for (const other of [
      `/listings/${listing!.id}/tags?channel=${listing!.channel}`,
      `/listings/${listing!.svc_id}/tags/?channel=svc`,
    ]) {
      const results = await Promise.all([
        call(sandbox, "PUT", `/listings/${listing!.svc_id}/tags?channel=svc`, {
          key,
          body: { tags: ["first"] },
        }),
        call(sandbox, "PUT", other, { key, body: { tags: ["second"] } }),
      ]);
      expect(results.map((r) => r.status).sort(), other).toEqual([200, 409]);
    }
  });

  it("concurrent PUTs on two different listings both succeed", async () => {
    const [a, b] = await allListings(sandbox, p.owner.keys.standard, "include_managed_listings=false");
    const key = p.owner.keys.standard;
    const results = await Promise.all([
      call(sandbox, "PUT", `/listings/${a!.svc_id}/tags?channel=svc`, { key, body: { tags: ["a"] } }),
      call(sandbox, "PUT", `/listings/${b!.svc_id}/tags?channel=svc`, { key, body: { tags: ["b"] } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.json.tags)).toEqual([["a"], ["b"]]);
  });
});
