import { serve, type ServerType } from "@hono/node-server";
import { sealData } from "iron-session";
import type { Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSandbox, type Sandbox } from "../../sandbox/app";
import { testSandboxConfig } from "../../sandbox/config";

/**
 * The BFF against the real reference service on loopback. A second service with a limit of
 * 2 requests a minute (another seed, so other keys) sits behind the same port: requests are
 * routed to it by their key. The wrapper records what reached upstream and adds headers the
 * BFF must strip.
 */
const SECRET = "bff-test-secret-".repeat(4);
const ORIGIN = "http://dashboard.test";
type Persona = { persona: string; keys: Record<string, string> };
type Upstream = Record<"method" | "path" | "search" | "body", string> & { headers: Record<string, string> };

const upstream: Upstream[] = [];
let main: Sandbox;
let limited: Sandbox;
let server: ServerType;
let bff: typeof import("./bff");
let sessions: typeof import("./session");
let ownerKey: string;
let ownerCookie: string;
let limitedCookie: string;

const personasOf = async (s: Sandbox) =>
  (await (await s.app.fetch(new Request("http://local/_sandbox/personas"))).json()) as Persona[];

async function cookieFor(apiKey: string): Promise<string> {
  const session = { apiKey, label: "Test", persona: null, keyKind: null, signedInAt: Date.now() };
  const sealed = await sessions.sealSession(session);
  return `theme=dark; rmd_session=${encodeURIComponent(sealed)}`;
}

beforeAll(async () => {
  main = createSandbox(testSandboxConfig());
  limited = createSandbox(testSandboxConfig({ seed: "bff-limited", rateLimitPerMinute: 2 }));
  const limitedPersonas = await personasOf(limited);
  const limitedKeys = new Set(limitedPersonas.flatMap((p) => Object.values(p.keys)));
  const port = await new Promise<number>((resolve) => {
    server = serve(
      {
        fetch: async (req: Request) => {
          const { pathname: path, search } = new URL(req.url);
          const headers = Object.fromEntries(req.headers);
          upstream.push({ method: req.method, path, search, headers, body: await req.clone().text() });
          const target = limitedKeys.has(req.headers.get("x-api-key") ?? "") ? limited : main;
          const res = await target.app.fetch(req);
          const extra = new Headers(res.headers);
          extra.append("set-cookie", "upstream=1; Path=/");
          extra.set("x-powered-by", "reference-service");
          return new Response(res.body, { status: res.status, headers: extra });
        },
        port: 0,
        hostname: "127.0.0.1",
      },
      (info) => resolve(info.port),
    );
  });
  process.env.SVC_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.SESSION_SECRET = SECRET;
  process.env.SVC_TIMEOUT_MS = "1000";
  delete process.env.DASHBOARD_ORIGIN;
  delete process.env.SESSION_TTL_HOURS;
  bff = await import("./bff");
  sessions = await import("./session");
  ownerKey = (await personasOf(main)).find((p) => p.persona === "owner")!.keys.standard!;
  ownerCookie = await cookieFor(ownerKey);
  limitedCookie = await cookieFor(limitedPersonas.find((p) => p.persona === "owner")!.keys.standard!);
});

afterAll(async () => {
  (server as Server).closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  main.close();
  limited.close();
});

beforeEach(() => {
  upstream.length = 0;
});

type Init = { method?: string; headers?: Record<string, string>; body?: string; cookie?: string | null };
function request(path: string, init: Init = {}): Request {
  const headers = new Headers(init.headers);
  if (init.cookie !== null) headers.set("cookie", init.cookie ?? ownerCookie);
  const method = init.method ?? "GET";
  // Fetch refuses to build a TRACE request; the route handler could still be handed one.
  const buildable = ["TRACE", "TRACK", "CONNECT"].includes(method) ? "GET" : method;
  const req = new Request(`${ORIGIN}${path}`, { method: buildable, headers, body: init.body });
  if (buildable !== method) Object.defineProperty(req, "method", { value: method });
  return req;
}
const send = (path: string, init?: Init) => bff.proxyToService(request(path, init));
const json = async (res: Response) =>
  (await res.json()) as {
    error: { code: string; message: string; details?: { fields?: Array<{ field: string }> } };
  };

const TAGS = "/api/svc/listings/1000001/tags?channel=svc";
const SAME_ORIGIN_JSON = { "sec-fetch-site": "same-origin", "content-type": "application/json" };
const PASSED =
  "content-type cache-control x-ratelimit-limit x-ratelimit-remaining x-ratelimit-reset retry-after x-total-count".split(
    " ",
  );

describe("what the BFF forwards", () => {
  it("forwards an allowed GET and returns the service's body and status", async () => {
    const res = await send("/api/svc/listings?per_page=2");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<{ svc_id: string }>;
    expect(body).toHaveLength(2);
    expect(upstream).toEqual([
      expect.objectContaining({ method: "GET", path: "/listings", search: "?per_page=2" }),
    ]);
  });

  it("passes X-Total-Count and X-RateLimit-* through", async () => {
    const res = await send("/api/svc/listings?per_page=1");
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThan(1);
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeLessThan(1000);
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
  });

  it("passes an error answer through with its status and body", async () => {
    const res = await send("/api/svc/listings/999999999?channel=svc");
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe("listing_not_found");
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
  });

  it("passes a 429 with Retry-After and X-RateLimit-* through", async () => {
    let res: Response | null = null;
    // A fixed window may roll over between calls; a few more calls still hit the limit.
    for (let i = 0; i < 8 && res?.status !== 429; i++)
      res = await send("/api/svc/api_keys", { cookie: limitedCookie });
    expect(res!.status).toBe(429);
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res!.headers.get("x-ratelimit-limit")).toBe("2");
    expect(res!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(res!.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
    const body = await json(res!);
    expect(body.error.code).toBe("rate_limited");
  });

  it("strips every other upstream header, set-cookie included", async () => {
    const res = await send("/api/svc/listings?per_page=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect([...res.headers.keys()].filter((name) => !PASSED.includes(name))).toEqual([]);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("sends the session's key upstream and no browser cookie, authorization or other browser header", async () => {
    const browser = {
      authorization: "Bearer browser-token",
      "x-api-key": "sk_from_the_browser",
      origin: ORIGIN,
      referer: `${ORIGIN}/listings`,
      "x-forwarded-for": "203.0.113.9",
      "x-custom": "1",
    };
    await send("/api/svc/listings?per_page=1", { headers: browser });
    expect(upstream).toHaveLength(1);
    const sent = upstream[0]!.headers;
    expect(sent["x-api-key"]).toBe(ownerKey);
    for (const name of ["cookie", "authorization", "origin", "referer", "x-forwarded-for", "x-custom"]) {
      expect(sent[name], name).toBeUndefined();
    }
  });

  it("forwards a same-origin JSON write with its body (Sec-Fetch-Site or Origin)", async () => {
    const res = await send(TAGS, {
      method: "PUT",
      headers: SAME_ORIGIN_JSON,
      body: JSON.stringify({ tags: ["beach"] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ listing_id: "1000001", tags: ["beach"] });
    expect(upstream[0]).toMatchObject({
      method: "PUT",
      path: "/listings/1000001/tags",
      body: '{"tags":["beach"]}',
    });
    expect(upstream[0]!.headers["content-type"]).toBe("application/json");
    const viaOrigin = await send(TAGS, {
      method: "PUT",
      headers: { origin: ORIGIN, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ tags: [] }),
    });
    expect(viaOrigin.status).toBe(200);
  });

  it("accepts a write whose Origin names the Host the browser used (127.0.0.1 reported as localhost)", async () => {
    const viaHost = await send(TAGS, {
      method: "PUT",
      headers: {
        origin: "http://127.0.0.1:3000",
        host: "127.0.0.1:3000",
        "content-type": "application/json",
      },
      body: JSON.stringify({ tags: ["host"] }),
    });
    expect(viaHost.status).toBe(200);
    const otherHost = await send(TAGS, {
      method: "PUT",
      headers: {
        origin: "http://127.0.0.1:3000",
        host: "dashboard.test",
        "content-type": "application/json",
      },
      body: JSON.stringify({ tags: ["host"] }),
    });
    expect(otherHost.status).toBe(403);
  });
});

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
    { apiKey: ownerKey, label: "x", persona: null, keyKind: null, signedInAt: 0 },
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

  it("a body failing the contract gets a 400 naming the field", async () => {
    const res = await send(TAGS, {
      method: "PUT",
      headers: SAME_ORIGIN_JSON,
      body: JSON.stringify({ tags: ["a", "A"] }),
    });
    const body = await json(res);
    expect(res.status).toBe(400);
    expect(body.error.details?.fields?.map((f) => f.field)).toEqual(["tags.1"]);
    expect(body.error.message).toContain("tags.1");
  });

  it("wrong query types get a 400 whose details name per_page", async () => {
    const res = await send("/api/svc/listings?per_page=abc");
    const body = await json(res);
    expect(body.error.details?.fields?.map((f) => f.field)).toEqual(["per_page"]);
    expect(body.error.message).toContain("per_page");
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
