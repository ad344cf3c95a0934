import { describe, expect, it } from "vitest";
import {
  ORIGIN,
  SAME_ORIGIN_JSON,
  TAGS,
  cookieFor,
  json,
  limitedCookie,
  mainServiceClock,
  ownerKey,
  send,
  upstream,
  withBffAgainstService,
} from "@/test-support/bff";

/**
 * What the BFF forwards, against the real reference service on loopback (see bff-test-support):
 * the environment is set, then the BFF loaded, in this file's own beforeAll.
 */
withBffAgainstService();

const PASSED =
  "content-type cache-control date x-ratelimit-limit x-ratelimit-remaining x-ratelimit-reset retry-after x-total-count".split(
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

  it("passes the service's Date through: the time on its clock, not the dashboard's", async () => {
    const clock = mainServiceClock();
    await clock.advance(3600);
    try {
      const res = await send("/api/svc/listings?per_page=1");
      expect(Date.parse(res.headers.get("date")!) - Date.now()).toBeGreaterThan(3_598_000);
    } finally {
      await clock.advance(-3600);
    }
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
    // The scheme counts too: https://127.0.0.1:3000 is another origin than the page's http one.
    const otherScheme = await send(TAGS, {
      method: "PUT",
      headers: {
        origin: "https://127.0.0.1:3000",
        host: "127.0.0.1:3000",
        "content-type": "application/json",
      },
      body: JSON.stringify({ tags: ["host"] }),
    });
    expect(otherScheme.status).toBe(403);
  });
});

describe("a key the service no longer accepts", () => {
  it("passes the 401 on and clears the session cookie, so sign-in does not bounce back", async () => {
    // A session sealed around a key the service never issued, as if it had been revoked.
    const cookie = await cookieFor("sk_live_00000000000000000000000000000000");
    const res = await send("/api/svc/listings", { cookie });
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe("unauthorized");
    expect(res.headers.get("set-cookie")).toMatch(/^rmd_session=;.*Max-Age=0/);
  });
});
