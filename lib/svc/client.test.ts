import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "@/sandbox/app";
import { testSandboxConfig } from "@/sandbox/config";
import { createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import { isSvcError, SvcError, type RateLimitInfo } from "@/lib/svc/errors";

/** The real reference service, in-process: requests go through its Hono app. */
const BASE = "http://sandbox.test";
const viaSandbox =
  (sandbox: Sandbox): typeof fetch =>
  async (input, init) =>
    sandbox.app.fetch(new Request(input, init));

type Persona = { persona: string; keys: Record<string, string> };
async function personasOf(sandbox: Sandbox): Promise<Persona[]> {
  return (await (await sandbox.app.fetch(new Request(`${BASE}/_sandbox/personas`))).json()) as Persona[];
}

/** Awaits a promise that must reject with a SvcError, and returns it. */
async function svcErrorOf(promise: Promise<unknown>): Promise<SvcError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isSvcError(error), `expected a SvcError, got ${String(error)}`).toBe(true);
  return error as SvcError;
}

let sandbox: Sandbox;
let ownerKey: string;

beforeAll(async () => {
  sandbox = createSandbox(testSandboxConfig());
  ownerKey = (await personasOf(sandbox)).find((p) => p.persona === "owner")!.keys.standard!;
});
afterAll(() => sandbox.close());

describe("createSvcClient against the reference service", () => {
  it("adds X-API-Key: a valid key is answered", async () => {
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: BASE,
      apiKey: ownerKey,
      fetch: viaSandbox(sandbox),
    });
    const response = await client.request("listings.list", { query: { per_page: 3 } });
    expect(response.status).toBe(200);
    expect(response.data).toHaveLength(3);
    expect(response.data[0]).toHaveProperty("svc_id");
  });

  it("without apiKey the service answers 401 unauthorized, as a SvcError", async () => {
    const client = createSvcClient({ contract: endpoints, baseUrl: BASE, fetch: viaSandbox(sandbox) });
    const error = await svcErrorOf(client.call("listings.list"));
    expect(error).toBeInstanceOf(SvcError);
    expect(error.status).toBe(401);
    expect(error.code).toBe("unauthorized");
    expect(error.message).toMatch(/X-API-Key/);
  });

  it("an answer off the contract is a 502 invalid_response naming the fields", async () => {
    // The real service cannot answer off-contract, so this one fetch is hand-made. Rows of a
    // list are set aside one by one; an answer that is not the list at all fails whole.
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: BASE,
      apiKey: ownerKey,
      fetch: async () =>
        new Response(JSON.stringify({ listings: [{ bogus: 1 }] }), { headers: { "x-ratelimit-limit": "9" } }),
    });
    const error = await svcErrorOf(client.call("listings.list"));
    expect(error.status).toBe(502);
    expect(error.code).toBe("invalid_response");
    expect(error.message).toContain("GET /listings");
    const fields = (error.details?.fields ?? []) as Array<{ field: string }>;
    expect(fields.length).toBeGreaterThan(0);
    expect(error.rateLimit.limit).toBe(9);
  });

  it("an error answer becomes a SvcError with status, code, message and rate-limit headers (404)", async () => {
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: BASE,
      apiKey: ownerKey,
      fetch: viaSandbox(sandbox),
    });
    const error = await svcErrorOf(
      client.call("listings.get", { params: { listing_id: "999999999" }, query: { channel: "svc" } }),
    );
    expect(error.status).toBe(404);
    expect(error.code).toBe("listing_not_found");
    expect(error.message).toMatch(/999999999/);
    expect(error.rateLimit.limit).toBe(1000);
    expect(error.rateLimit.remaining).toEqual(expect.any(Number));
    expect(error.rateLimit.resetAt).toEqual(expect.any(Number));
    expect(error.rateLimit.retryAfter).toBeNull();
    expect(error.toBody()).toEqual({ error: { code: "listing_not_found", message: error.message } });
  });

  it("a 429 carries details and rateLimit {limit, remaining, reset, retryAfter}", async () => {
    const limited = createSandbox(testSandboxConfig({ rateLimitPerMinute: 2 }));
    try {
      const key = (await personasOf(limited)).find((p) => p.persona === "owner")!.keys.standard!;
      const client = createSvcClient({
        contract: endpoints,
        baseUrl: BASE,
        apiKey: key,
        fetch: viaSandbox(limited),
      });
      let error: SvcError | null = null;
      // A fixed window may roll over between calls; a few more calls still hit the limit.
      for (let i = 0; i < 8 && !error; i++) {
        error = await client.call("apiKeys.list").then(
          () => null,
          (e: unknown) => e as SvcError,
        );
      }
      expect(error).toBeInstanceOf(SvcError);
      expect(error!.status).toBe(429);
      expect(error!.code).toBe("rate_limited");
      expect(error!.details).toMatchObject({ limit: 2, retry_after: expect.any(Number) });
      expect(error!.rateLimit.limit).toBe(2);
      expect(error!.rateLimit.remaining).toBe(0);
      expect(Number.isInteger(error!.rateLimit.resetAt)).toBe(true);
      expect(error!.rateLimit.retryAfter).toBeGreaterThan(0);
      expect(error!.rateLimit.retryAfter).toBeLessThanOrEqual(60);
    } finally {
      limited.close();
    }
  });

  it("totalCount comes from X-Total-Count, null without it", async () => {
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: BASE,
      apiKey: ownerKey,
      fetch: viaSandbox(sandbox),
    });
    const all = await client.request("listings.list", { query: { per_page: 100 } });
    const page = await client.request("listings.list", { query: { per_page: 2, page: 2 } });
    expect(page.data).toHaveLength(2);
    expect(page.totalCount).toBe(all.data.length);
    expect(all.totalCount).toBe(all.data.length);
    const keys = await client.request("apiKeys.list");
    expect(keys.totalCount).toBeNull();
  });

  it("serializes the query: arrays comma-joined, undefined dropped", async () => {
    const urls: string[] = [];
    const inner = viaSandbox(sandbox);
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: `${BASE}/`,
      apiKey: ownerKey,
      fetch: async (input, init) => {
        urls.push(String(input));
        return inner(input, init);
      },
    });
    await client.call("listings.list", { query: { per_page: 2, page: undefined, include_photos: false } });
    // GET /sets is not served by the reference service yet; the URL it was asked for is the point.
    await client.call("sets.list", { query: { kind: ["a", "b"], name: undefined } }).catch(() => undefined);
    expect(urls).toHaveLength(2);
    const first = new URL(urls[0]!);
    expect(first.pathname).toBe("/listings");
    expect([...first.searchParams.keys()].sort()).toEqual(["include_photos", "per_page"]);
    expect(first.searchParams.get("include_photos")).toBe("false");
    const second = new URL(urls[1]!);
    expect(second.pathname).toBe("/sets");
    expect(second.searchParams.get("kind")).toBe("a,b");
    expect(second.searchParams.has("name")).toBe(false);
  });

  it("validates the query and the body locally, without calling fetch", async () => {
    let calls = 0;
    const inner = viaSandbox(sandbox);
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: BASE,
      apiKey: ownerKey,
      fetch: async (input, init) => {
        calls++;
        return inner(input, init);
      },
    });
    const query = await svcErrorOf(client.call("listings.list", { query: { per_page: 500 } }));
    expect(query.status).toBe(400);
    expect(query.code).toBe("invalid_query");
    expect(query.details).toMatchObject({ fields: [expect.objectContaining({ field: "per_page" })] });
    const both = await svcErrorOf(client.call("listings.list", { query: { page: 1, offset: 0 } }));
    expect(both.code).toBe("invalid_query");
    const body = await svcErrorOf(client.call("apiKeys.create", { body: { name: "" } }));
    expect(body.status).toBe(400);
    expect(body.code).toBe("invalid_body");
    expect(body.details).toMatchObject({ fields: [expect.objectContaining({ field: "name" })] });
    await expect(client.call("listings.get", { query: { channel: "svc" } })).rejects.toThrow(/listing_id/);
    expect(calls).toBe(0);
  });

  it("onRateLimit sees the headers of every answer, errors included", async () => {
    const seen: RateLimitInfo[] = [];
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: BASE,
      apiKey: ownerKey,
      fetch: viaSandbox(sandbox),
      onRateLimit: (info) => seen.push(info),
    });
    await client.call("apiKeys.list");
    await client
      .call("listings.get", { params: { listing_id: "0" }, query: { channel: "svc" } })
      .catch(() => null);
    expect(seen).toHaveLength(2);
    for (const info of seen) {
      expect(info).toMatchObject({ limit: 1000, remaining: expect.any(Number), resetAt: expect.any(Number) });
      expect(info.retryAfter).toBeNull();
    }
    expect(seen[1]!.remaining).toBeLessThan(seen[0]!.remaining!);
  });
});

describe("createSvcClient over real sockets", () => {
  let silent: Server;
  let silentPort: number;

  beforeAll(async () => {
    // Accepts the connection and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentPort = (silent.address() as AddressInfo).port;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("a service that never answers is a 504 upstream_timeout after timeoutMs", async () => {
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: `http://127.0.0.1:${silentPort}`,
      apiKey: "k",
      timeoutMs: 200,
    });
    const started = performance.now();
    const error = await svcErrorOf(client.call("apiKeys.list"));
    const elapsed = performance.now() - started;
    expect(error.status).toBe(504);
    expect(error.code).toBe("upstream_timeout");
    expect(elapsed).toBeGreaterThanOrEqual(150);
  });

  it("a closed port is a 502 upstream_unreachable", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: "k",
      timeoutMs: 2000,
    });
    const error = await svcErrorOf(client.call("apiKeys.list"));
    expect(error.status).toBe(502);
    expect(error.code).toBe("upstream_unreachable");
  });

  it("the caller's own abort is rethrown as is, not turned into a SvcError", async () => {
    const client = createSvcClient({
      contract: endpoints,
      baseUrl: `http://127.0.0.1:${silentPort}`,
      apiKey: "k",
      timeoutMs: 5000,
    });
    const controller = new AbortController();
    const pending = client.call("apiKeys.list", { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isSvcError(error)).toBe(false);
    expect((error as Error).name).toBe("AbortError");
  });
});
