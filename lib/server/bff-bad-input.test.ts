import { sealData } from "iron-session";
import { describe, expect, it, vi } from "vitest";
import {
  ORIGIN,
  SAME_ORIGIN_JSON,
  TAGS,
  bff,
  cookieFor,
  json,
  ownerCookie,
  ownerKey,
  request,
  send,
  upstream,
  withBffAgainstService,
} from "@/test-support/bff";

/**
 * What the BFF refuses, against the real reference service on loopback (see bff-test-support):
 * the environment is set, then the BFF loaded, in this file's own beforeAll.
 */
withBffAgainstService();

/** Each bad input: the status and code it must get, and it must never reach the service. */
type Bad = [name: string, make: () => Promise<Request> | Request, status: number, code: string];
const get = (path: string) => () => request(path);
const anon = (cookie: () => string | null) => async () => request("/api/svc/listings", { cookie: cookie() });
const write =
  (headers: Record<string, string>, body = '{"tags":[]}', method = "PUT", path = TAGS) =>
  () =>
    request(path, { method, headers, body });
const sameOriginOnly = { "sec-fetch-site": "same-origin" };
const foreignSeal = () =>
  sealData(
    {
      sessionId: "sess_foreign_000000001",
      keyId: null,
      apiKey: ownerKey,
      label: "x",
      persona: null,
      keyKind: null,
      signedInAt: 0,
    },
    { password: "z".repeat(40) },
  );
/** Sealed 13 h ago with the 12 h lifetime: expired well past iron's 60 s clock skew. */
async function expiredCookie(): Promise<string> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() - 13 * 3600_000);
  try {
    return await cookieFor(ownerKey);
  } finally {
    vi.useRealTimers();
  }
}
const UNAUTH = "unauthenticated";
const NOT_FOUND = "not_found";
const CROSS = "cross_site_write";

// One line per case, read as a table.
// prettier-ignore
const badInputs: Bad[] = [
  ["no session → 401", anon(() => null), 401, UNAUTH],
  ["a cookie header without our cookie → 401", anon(() => "theme=dark"), 401, UNAUTH],
  ["tampered cookie → 401", anon(() => ownerCookie.replace(/.{4}$/, "AAAA")), 401, UNAUTH],
  ["badly percent-encoded cookie → 401", anon(() => "rmd_session=%E0%A4%A"), 401, UNAUTH],
  ["cookie sealed with another secret → 401", async () =>
    request("/api/svc/listings", { cookie: `rmd_session=${encodeURIComponent(await foreignSeal())}` }), 401, UNAUTH],
  ["expired cookie → 401", async () => request("/api/svc/listings", { cookie: await expiredCookie() }), 401, UNAUTH],
  ["unknown path → 404", get("/api/svc/nope"), 404, NOT_FOUND],
  ["the bare prefix → 404", get("/api/svc"), 404, NOT_FOUND],
  ["traversal /api/svc/../x → 404", get("/api/svc/../x"), 404, NOT_FOUND],
  ["traversal /api/svc/../../listings → 404", get("/api/svc/../../listings"), 404, NOT_FOUND],
  ["encoded traversal /api/svc/listings/%2e%2e → 404", get("/api/svc/listings/%2e%2e"), 404, NOT_FOUND],
  ["encoded traversal /api/svc/listings/%2E%2E/x → 404", get("/api/svc/listings/%2E%2E/x"), 404, NOT_FOUND],
  ["encoded slash /api/svc/listings/a%2Fb → 404", get("/api/svc/listings/a%2Fb"), 404, NOT_FOUND],
  ["encoded NUL /api/svc/listings/%00 → 404", get("/api/svc/listings/%00?channel=svc"), 404, NOT_FOUND],
  ["protocol-relative /api/svc//evil.example/listings → 404", get("/api/svc//evil.example/listings"), 404, NOT_FOUND],
  ["absolute URL /api/svc/http://evil/x → 404", get("/api/svc/http://evil/x"), 404, NOT_FOUND],
  ["backslash /api/svc/listings%5C..%5Capi_keys → 404", get("/api/svc/listings%5C..%5Capi_keys"), 404, NOT_FOUND],
  ["a path outside the prefix /api/session → 404", get("/api/session"), 404, NOT_FOUND],
  ["a path outside the prefix /listings → 404", get("/listings"), 404, NOT_FOUND],
  ["a look-alike prefix /api/svcx/listings → 404", get("/api/svcx/listings"), 404, NOT_FOUND],
  ["a known path with the wrong method → 405", write(SAME_ORIGIN_JSON, "{}", "DELETE", "/api/svc/listings"), 405, "method_not_allowed"],
  ["PATCH → 405", write(SAME_ORIGIN_JSON, "{}", "PATCH", "/api/svc/listings/1?channel=svc"), 405, "method_not_allowed"],
  ["TRACE → 405", () => request("/api/svc/listings", { method: "TRACE" }), 405, "method_not_allowed"],
  ["OPTIONS → 405", () => request("/api/svc/api_keys", { method: "OPTIONS" }), 405, "method_not_allowed"],
  ["PROPFIND on an unknown path → 404", () => request("/api/svc/x", { method: "PROPFIND" }), 404, NOT_FOUND],
  ["cross-site write (Sec-Fetch-Site: cross-site, even with our Origin) → 403",
    write({ "sec-fetch-site": "cross-site", origin: ORIGIN, "content-type": "application/json" }), 403, CROSS],
  ["same-site write (Sec-Fetch-Site: same-site) → 403",
    write({ "sec-fetch-site": "same-site", "content-type": "application/json" }), 403, CROSS],
  ["write with the Origin of another site → 403",
    write({ origin: "https://evil.example", "content-type": "application/json" }), 403, CROSS],
  ["write with neither Sec-Fetch-Site nor Origin → 403", write({ "content-type": "application/json" }), 403, CROSS],
  ["cross-site DELETE without a body → 403",
    () => request("/api/svc/api_keys/tok_1", { method: "DELETE", headers: { origin: "null" } }), 403, CROSS],
  ["same-origin write with a non-JSON content type → 415",
    write({ ...sameOriginOnly, "content-type": "text/plain" }), 415, "unsupported_media_type"],
  ["same-origin write with no content type → 415", write(sameOriginOnly), 415, "unsupported_media_type"],
  ["malformed JSON → 400", write(SAME_ORIGIN_JSON, '{"tags": ['), 400, "malformed_json"],
  ["an empty body where one is required → 400", write(SAME_ORIGIN_JSON, ""), 400, "malformed_json"],
  ["body over 1 MiB → 413", write(SAME_ORIGIN_JSON, JSON.stringify({ tags: ["x".repeat(1 << 20)] })), 413, "body_too_large"],
  ["declared Content-Length over 1 MiB → 413",
    write({ ...SAME_ORIGIN_JSON, "content-length": String(2 << 20) }), 413, "body_too_large"],
  ["a body failing the contract → 400", write(SAME_ORIGIN_JSON, '{"tags":"beach"}'), 400, "invalid_body"],
  ["JSON null as the body → 400", write(SAME_ORIGIN_JSON, "null"), 400, "invalid_body"],
  ["a body with a field the contract does not name → 400", write(SAME_ORIGIN_JSON, '{"tags":[],"colour":"red"}'), 400, "invalid_body"],
  ["wrong query type per_page=abc → 400", get("/api/svc/listings?per_page=abc"), 400, "invalid_query"],
  ["per_page out of range → 400", get("/api/svc/listings?per_page=500"), 400, "invalid_query"],
  ["page and offset together → 400", get("/api/svc/listings?page=1&offset=0"), 400, "invalid_query"],
  ["a repeated scalar parameter → 400", get("/api/svc/listings?per_page=1&per_page=2"), 400, "invalid_query"],
  ["a listing path without channel → 400", get("/api/svc/listings/1000001"), 400, "invalid_query"],
];

describe("what the BFF refuses, before the service sees it", () => {
  it.each(badInputs)("%s", async (_name, make, status, code) => {
    const res = await bff.proxyToService(await make());
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect((await json(res)).error.code).toBe(code);
    expect(upstream).toEqual([]);
  });

  it("dot segments are resolved before matching, so what goes upstream is a plain contract path", async () => {
    // The URL parser turns /api/svc/listings/%2E%2E/api_keys into /api/svc/api_keys: still inside the allowlist.
    const res = await send("/api/svc/listings/%2E%2E/api_keys");
    expect(res.status).toBe(200);
    expect(upstream.map((u) => u.path)).toEqual(["/api_keys"]);
  });

  it("a known path with the wrong method names the allowed ones in Allow", async () => {
    const res = await send("/api/svc/api_keys", { method: "PUT", headers: SAME_ORIGIN_JSON, body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")?.split(", ").sort()).toEqual(["GET", "POST"]);
  });

  it("a body failing the contract gets a 400 naming the field, its message a sentence", async () => {
    const res = await send(TAGS, {
      method: "PUT",
      headers: SAME_ORIGIN_JSON,
      body: JSON.stringify({ tags: ["a", "A"] }),
    });
    const body = await json(res);
    expect(res.status).toBe(400);
    expect(body.error.details?.fields?.map((f) => f.field)).toEqual(["tags.1"]);
    expect(body.error.message).toBe("The tag A is listed twice.");
  });

  it("wrong query types get a 400 whose details name per_page and whose message names it in words", async () => {
    const res = await send("/api/svc/listings?per_page=abc");
    const body = await json(res);
    expect(body.error.details?.fields?.map((f) => f.field)).toEqual(["per_page"]);
    expect(body.error.message).toBe("Per page: enter a number.");
    expect(upstream).toEqual([]);
  });

  it("none of the bad inputs produces a 5xx", async () => {
    const statuses: Array<[string, number]> = [];
    for (const [name, make] of badInputs)
      statuses.push([name, (await bff.proxyToService(await make())).status]);
    expect(statuses.filter(([, status]) => status >= 500)).toEqual([]);
    expect(upstream).toEqual([]);
  });
});
