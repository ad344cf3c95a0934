import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import { allListings, makeSandbox, personaKeys, reset, type Personas } from "./test-support";
import {
  advance,
  clearHistory,
  getUsage,
  insertRequests,
  iso,
  recorded,
  repeat,
  tokenIdOf,
  type SyntheticRequest,
} from "./usage-support";

const DAY_MS = 86_400_000;

describe("usage report: truncation", () => {
  it("past the read cap, truncated is true, window.start moves forward and the most recent requests are counted", async () => {
    const sandbox = makeSandbox({ usageReadCap: 20 });
    const key = (await personaKeys(sandbox)).owner.keys.standard;
    clearHistory(sandbox);
    for (let i = 0; i < 10; i++) {
      await repeat(sandbox, 1, "GET", "/api_keys", key);
      await advance(sandbox, 1);
    }
    const firstRecent = sandbox.ctx.clock.nowMs();
    for (let i = 0; i < 20; i++) {
      await repeat(sandbox, 1, "GET", "/listings", key);
      await advance(sandbox, 1);
    }
    const oldestCounted = recorded(sandbox).find((r) => r.route === "/listings")!.at_ms;
    expect(oldestCounted).toBeGreaterThanOrEqual(firstRecent);

    const report = await getUsage(sandbox, key, "days_back=1");
    expect(report.window.truncated).toBe(true);
    expect(Date.parse(report.window.start)).toBe(oldestCounted);
    expect(Date.parse(report.window.start)).toBeGreaterThan(Date.parse(report.window.end) - DAY_MS);
    expect(report.totals.requests).toBe(20);
    expect(report.by_endpoint.map((e) => [e.route, e.requests])).toEqual([["/listings", 20]]);
    expect(report.by_day.reduce((sum, d) => sum + d.requests, 0)).toBe(20);

    // A window within the cap is measured whole.
    const start = Math.floor(recorded(sandbox)[0]!.at_ms / 1000) * 1000;
    const end = new Date(firstRecent - 500).toISOString(); // a bound inside a second keeps its milliseconds
    const early = await getUsage(sandbox, key, `start_time=${iso(start)}&end_time=${end}`);
    expect(early.window).toEqual({ start: iso(start), end, truncated: false });
    expect(early.totals.requests).toBe(10);
    sandbox.close();
  });

  it("records sharing the millisecond of the first unread one are left out, so the window holds exactly what is counted", async () => {
    const sandbox = makeSandbox({ usageReadCap: 20 });
    const p = await personaKeys(sandbox);
    clearHistory(sandbox);
    const base = Math.floor(sandbox.ctx.clock.nowMs() / 1000) * 1000 - 3_600_000;
    // 25 records a second apart, newest last; the 20th and 21st newest share one millisecond.
    const at = (i: number) => base + (i === 5 ? 4 : i) * 1000;
    insertRequests(
      sandbox,
      Array.from({ length: 25 }, (_, i) => ({
        at_ms: at(i),
        token_id: tokenIdOf(sandbox, p.owner.keys.standard),
        user_id: p.owner.user_id,
        method: "GET",
        route: "/listings",
        status: 200,
        latency_ms: 1,
      })),
    );
    const report = await getUsage(sandbox, p.owner.keys.standard, "days_back=1");
    expect(report.window.truncated).toBe(true);
    expect(report.totals.requests).toBe(19);
    expect(report.window.start).toBe(iso(at(6)));
    sandbox.close();
  });
});

describe("usage report: caching, grouping, percentiles and accounts", () => {
  let sandbox: Sandbox;
  let p: Personas;

  beforeAll(async () => {
    sandbox = makeSandbox();
    p = await personaKeys(sandbox);
  });
  // These check the report's arithmetic on the requests each test makes or inserts.
  beforeEach(async () => {
    await reset(sandbox);
    clearHistory(sandbox);
  });

  it("a repeat call within 120 s returns an identical body even after new requests; after 121 s a fresh one", async () => {
    const key = p.owner.keys.standard;
    await repeat(sandbox, 2, "GET", "/listings", key);
    const first = await getUsage(sandbox, key);
    await repeat(sandbox, 3, "GET", "/listings", key);
    await advance(sandbox, 60);
    expect(await getUsage(sandbox, key)).toEqual(first);
    // The same normalized query (days_back defaults to 7) and the same account share the entry.
    expect(await getUsage(sandbox, p.owner.keys.read_only!, "days_back=7")).toEqual(first);
    expect((await getUsage(sandbox, key, "days_back=6")).totals.requests).toBeGreaterThan(
      first.totals.requests,
    );

    await advance(sandbox, 61);
    const fresh = await getUsage(sandbox, key);
    expect(fresh.generated_at).not.toBe(first.generated_at);
    expect(fresh.totals.requests).toBe(first.totals.requests + 3 + 4); // 3 listings, 4 reports
  });

  it("endpoint entries are grouped by the route pattern that served the request, not the exact path", async () => {
    const key = p.owner.keys.standard;
    const [a, b] = await allListings(sandbox, key, "include_managed_listings=false");
    await repeat(sandbox, 1, "GET", `/listings/${a!.svc_id}?channel=svc`, key);
    await repeat(sandbox, 1, "GET", `/listings/${b!.svc_id}?channel=svc`, key);
    await repeat(sandbox, 1, "GET", "/listings/999999999?channel=svc", key);
    const report = await getUsage(sandbox, key);
    expect(report.by_endpoint.map((e) => [e.method, e.route, e.requests, e.errors])).toEqual([
      ["GET", "/listings/{listing_id}", 3, 1],
      ["GET", "/listings", 1, 0],
    ]);
  });

  it("counters and nearest-rank latency percentiles over known records, sorted deterministically", async () => {
    const owner = p.owner.user_id;
    const std = tokenIdOf(sandbox, p.owner.keys.standard);
    const ro = tokenIdOf(sandbox, p.owner.keys.read_only!);
    const midnight = Math.floor(sandbox.ctx.clock.nowMs() / DAY_MS) * DAY_MS - 3 * DAY_MS;
    const records: SyntheticRequest[] = [];
    for (let i = 1; i <= 100; i++) {
      const status = i <= 90 ? 200 : i <= 95 ? 404 : i <= 99 ? 429 : 503;
      const route = i % 4 === 0 ? "/api_keys" : i % 4 === 1 ? "/listings/{listing_id}" : "/listings";
      records.push({
        at_ms: midnight - 1_800_000 + i * 1000,
        token_id: i % 10 === 0 ? ro : std,
        user_id: owner,
        method: "GET",
        route,
        status,
        latency_ms: 101 - i,
      });
    }
    insertRequests(sandbox, records);
    const window = `start_time=${iso(midnight - 3_600_000)}&end_time=${iso(midnight + 3_600_000)}`;
    const report = await getUsage(sandbox, p.owner.keys.standard, window);
    expect(report.totals).toEqual({
      requests: 100,
      errors: 10,
      error_rate: 0.1,
      rate_limited: 4,
      latency_ms: { p50: 50, p95: 95, p99: 99 },
    });
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(report.by_day.map((d) => [d.date, d.requests])).toEqual([
      [day(midnight - 1), 100],
      [day(midnight), 0],
    ]);
    expect(report.by_day[1]!.latency_ms).toEqual({ p50: null, p95: null, p99: null });
    expect(report.by_endpoint.map((e) => [e.route, e.requests])).toEqual([
      ["/listings", 50],
      ["/api_keys", 25],
      ["/listings/{listing_id}", 25],
    ]);
    expect(report.by_token.map((t) => [t.token_id, t.requests, t.errors])).toEqual([
      [std, 90, 9],
      [ro, 10, 1],
    ]);

    const empty = await getUsage(
      sandbox,
      p.owner.keys.standard,
      `start_time=${iso(midnight + 7_200_000)}&end_time=${iso(midnight + 9_000_000)}`,
    );
    expect(empty.totals).toEqual({
      requests: 0,
      errors: 0,
      error_rate: 0,
      rate_limited: 0,
      latency_ms: { p50: null, p95: null, p99: null },
    });
    expect([empty.by_endpoint, empty.by_token]).toEqual([[], []]);
  });

  it("another user's requests never appear in the report", async () => {
    await repeat(sandbox, 4, "GET", "/listings", p.manager.keys.standard);
    await repeat(sandbox, 2, "GET", "/api_keys", p.outsider.keys.standard);
    await repeat(sandbox, 1, "GET", "/listings", p.owner.keys.standard);
    const owners = await getUsage(sandbox, p.owner.keys.standard);
    expect(owners.totals.requests).toBe(1);
    expect(owners.by_token.map((t) => t.token_id)).toEqual([tokenIdOf(sandbox, p.owner.keys.standard)]);
    const managers = await getUsage(sandbox, p.manager.keys.standard);
    expect(managers.totals.requests).toBe(4);
    expect(managers.by_token.map((t) => t.token_id)).toEqual([tokenIdOf(sandbox, p.manager.keys.standard)]);
  });
});
