import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import {
  alignToWindowStart,
  allListings,
  call,
  expectError,
  makeSandbox,
  personaKeys,
  reset,
  type Personas,
} from "./test-support";
import {
  advance,
  clearHistory,
  getUsage,
  iso,
  recorded,
  repeat,
  tokenIdOf,
  windowSince,
} from "./usage-support";

const DAY_MS = 86_400_000;

describe("usage: recording, keys and windows", () => {
  let sandbox: Sandbox;
  let p: Personas;
  let ownerSvcId: string;

  beforeAll(async () => {
    sandbox = makeSandbox();
    p = await personaKeys(sandbox);
    ownerSvcId = (await allListings(sandbox, p.owner.keys.standard, "include_managed_listings=false"))[0]!
      .svc_id;
  });
  beforeEach(async () => reset(sandbox));

  it("every answered request is recorded with method, route pattern, status, latency and key", async () => {
    const standard = p.owner.keys.standard;
    const readOnly = p.owner.keys.read_only!;
    const before = sandbox.ctx.clock.nowMs();
    expect((await call(sandbox, "GET", "/listings", { key: standard })).status).toBe(200);
    expect((await call(sandbox, "GET", "/listings/999999999?channel=svc", { key: standard })).status).toBe(
      404,
    );
    const tags = await call(sandbox, "PUT", `/listings/${ownerSvcId}/tags?channel=svc`, {
      key: readOnly,
      body: { tags: [] },
    });
    expect(tags.status).toBe(403);
    expect((await call(sandbox, "GET", "/listings")).status).toBe(401);
    expect((await call(sandbox, "GET", "/nowhere", { key: standard })).status).toBe(404);
    expect((await call(sandbox, "DELETE", "/listings", { key: standard })).status).toBe(405);

    // The seeded week ends before the reset that started this test: these are the test's own.
    const records = recorded(sandbox).filter((r) => r.at_ms >= before);
    const std = tokenIdOf(sandbox, standard);
    const ro = tokenIdOf(sandbox, readOnly);
    const owner = p.owner.user_id;
    expect(records.map((r) => [r.method, r.route, r.status, r.token_id, r.user_id])).toEqual([
      ["GET", "/listings", 200, std, owner],
      ["GET", "/listings/{listing_id}", 404, std, owner],
      ["PUT", "/listings/{listing_id}/tags", 403, ro, owner],
      ["GET", "/listings", 401, null, null],
      ["GET", null, 404, null, null],
      ["DELETE", null, 405, null, null],
    ]);
    for (const r of records) {
      expect(r.latency_ms).toBeGreaterThanOrEqual(0);
      expect(r.at_ms).toBeGreaterThanOrEqual(before);
      expect(r.at_ms).toBeLessThanOrEqual(sandbox.ctx.clock.nowMs());
    }

    // The report sees them at once: the account's three; the 401 and unmatched ones belong to no one.
    const report = await getUsage(sandbox, standard, windowSince(sandbox, before));
    expect(report.totals).toMatchObject({ requests: 3, errors: 2, rate_limited: 0 });
    expect(report.totals.error_rate).toBeCloseTo(2 / 3, 3);
    expect(report.token_id).toBeNull();
  });

  it("a reset replaces the recorded requests with the seeded history and recording goes on", async () => {
    const seeded = recorded(sandbox);
    expect(seeded.length).toBeGreaterThan(1000);
    const before = sandbox.ctx.clock.nowMs();
    await repeat(sandbox, 3, "GET", "/listings", p.owner.keys.standard);
    expect(recorded(sandbox)).toHaveLength(seeded.length + 3);
    await reset(sandbox);
    const again = recorded(sandbox);
    expect(again.every((r) => r.at_ms < before)).toBe(true);
    // The same seed and day give the same history (up to the minute of each reset).
    const upTo = Math.min(seeded.at(-1)!.at_ms, again.at(-1)!.at_ms);
    const shape = (rows: typeof seeded) =>
      rows.filter((r) => r.at_ms <= upTo).map((r) => [r.at_ms, r.token_id, r.route, r.status, r.latency_ms]);
    expect(shape(again)).toEqual(shape(seeded));
    const after = sandbox.ctx.clock.nowMs();
    await repeat(sandbox, 2, "GET", "/api_keys", p.owner.keys.standard);
    expect(
      recorded(sandbox)
        .filter((r) => r.at_ms >= after)
        .map((r) => r.route),
    ).toEqual(["/api_keys", "/api_keys"]);
  });

  it("the report covers every key of the account, revoked ones included, unless token_id narrows it", async () => {
    clearHistory(sandbox);
    const standard = p.owner.keys.standard;
    const readOnly = p.owner.keys.read_only!;
    await repeat(sandbox, 3, "GET", "/listings", standard);
    await repeat(sandbox, 2, "GET", "/api_keys", readOnly);
    const created = await call(sandbox, "POST", "/api_keys", { key: standard, body: { name: "ci" } });
    expect(created.status).toBe(201);
    await repeat(sandbox, 1, "GET", "/listings", created.json.key);
    await call(sandbox, "DELETE", `/api_keys/${created.json.token_id}`, { key: standard });

    const names = new Map(
      (await call(sandbox, "GET", "/api_keys", { key: standard })).json.map(
        (k: { token_id: string; name: string }) => [k.token_id, k.name],
      ),
    );
    const std = tokenIdOf(sandbox, standard);
    const ro = tokenIdOf(sandbox, readOnly);
    const all = await getUsage(sandbox, readOnly);
    expect(all.by_token.map((t) => [t.token_id, t.name, t.requests])).toEqual([
      [std, names.get(std), 6], // 3 listings, POST, DELETE, GET /api_keys
      [ro, names.get(ro), 2],
      [created.json.token_id, "ci", 1],
    ]);
    expect(all.totals.requests).toBe(9);

    const narrowed = await getUsage(sandbox, standard, `token_id=${ro}`);
    expect(narrowed.token_id).toBe(ro);
    expect(narrowed.by_token.map((t) => t.token_id)).toEqual([ro]);
    expect(narrowed.totals.requests).toBe(3); // two GET /api_keys and the report above
    expect(narrowed.by_endpoint.map((e) => [e.method, e.route, e.requests])).toEqual([
      ["GET", "/api_keys", 2],
      ["GET", "/usage", 1],
    ]);
    const revoked = await getUsage(sandbox, standard, `token_id=${created.json.token_id}`);
    expect(revoked.totals.requests).toBe(1);
  });

  it("an unknown token_id answers 404 token_not_found, as does another user's key", async () => {
    const key = p.owner.keys.standard;
    expectError(await call(sandbox, "GET", "/usage?token_id=tok_nope", { key }), 404, "token_not_found");
    const managers = tokenIdOf(sandbox, p.manager.keys.standard);
    expectError(await call(sandbox, "GET", `/usage?token_id=${managers}`, { key }), 404, "token_not_found");
  });

  it("days_back and start_time/end_time choose the window", async () => {
    clearHistory(sandbox);
    const key = p.owner.keys.standard;
    const t0 = sandbox.ctx.clock.nowMs();
    await repeat(sandbox, 2, "GET", "/listings", key);
    await advance(sandbox, 2 * 86_400);
    await repeat(sandbox, 3, "GET", "/listings", key);

    const now = sandbox.ctx.clock.nowMs();
    const oneDay = await getUsage(sandbox, key, "days_back=1");
    expect(oneDay.totals.requests).toBe(3);
    const end = Date.parse(oneDay.window.end);
    expect(end).toBeGreaterThan(now);
    expect(end - now).toBeLessThanOrEqual(1_500);
    expect(end - Date.parse(oneDay.window.start)).toBe(DAY_MS);
    expect(oneDay.window.truncated).toBe(false);

    const threeDays = await getUsage(sandbox, key, "days_back=3");
    expect(threeDays.totals.requests).toBe(6); // 2 + 3 + the days_back=1 report
    // Every UTC date the window touches, ascending, empty days included.
    const dates: string[] = [];
    for (
      let d = Math.floor(Date.parse(threeDays.window.start) / DAY_MS);
      d * DAY_MS < Date.parse(threeDays.window.end);
      d++
    ) {
      dates.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
    }
    expect(threeDays.by_day.map((d) => d.date)).toEqual(dates);
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect(threeDays.by_day.reduce((sum, d) => sum + d.requests, 0)).toBe(6);
    const firstDay = threeDays.by_day.find((d) => d.date === new Date(t0).toISOString().slice(0, 10))!;
    expect(firstDay.requests).toBeGreaterThanOrEqual(2);

    const start = Math.floor(t0 / 1000) * 1000 - 60_000;
    const explicit = await getUsage(
      sandbox,
      key,
      `start_time=${iso(start)}&end_time=${iso(start + 3_600_000)}`,
    );
    expect(explicit.window).toEqual({ start: iso(start), end: iso(start + 3_600_000), truncated: false });
    expect(explicit.totals.requests).toBe(2);

    const byDefault = await getUsage(sandbox, key);
    expect(Date.parse(byDefault.window.end) - Date.parse(byDefault.window.start)).toBe(7 * DAY_MS);
    expect(byDefault.by_endpoint.find((e) => e.route === "/listings")!.requests).toBe(5);
  });

  it("a window longer than 7 days answers 400 window_too_long with the error body", async () => {
    const key = p.owner.keys.standard;
    const start = Date.parse("2026-01-01T00:00:00Z");
    const tooLong = `start_time=${iso(start)}&end_time=${iso(start + 7 * DAY_MS + 1000)}`;
    const error = expectError(
      await call(sandbox, "GET", `/usage?${tooLong}`, { key }),
      400,
      "window_too_long",
    );
    expect(error.details?.fields).toEqual([{ field: "end_time", message: expect.any(String) }]);
    expectError(await call(sandbox, "GET", "/usage?days_back=8", { key }), 400, "window_too_long");
    expectError(await call(sandbox, "GET", "/usage?days_back=0", { key }), 400, "invalid_query");
    await getUsage(sandbox, key, `start_time=${iso(start)}&end_time=${iso(start + 7 * DAY_MS)}`);
  });

  it("days_back together with start_time answers 400, as does half an explicit window", async () => {
    const key = p.owner.keys.standard;
    const both = "days_back=2&start_time=2026-01-01T00:00:00Z&end_time=2026-01-02T00:00:00Z";
    expectError(await call(sandbox, "GET", `/usage?${both}`, { key }), 400, "invalid_query");
    expectError(
      await call(sandbox, "GET", "/usage?start_time=2026-01-01T00:00:00Z", { key }),
      400,
      "invalid_query",
    );
  });
});

describe("usage: errors and rate limits", () => {
  it("errors count answers with status 400 and above; 429s count in both errors and rate_limited", async () => {
    const sandbox = makeSandbox({ rateLimitPerMinute: 5 });
    const p = await personaKeys(sandbox);
    const key = p.owner.keys.standard;
    clearHistory(sandbox);
    await alignToWindowStart(sandbox);
    await repeat(sandbox, 1, "GET", "/listings/999999999?channel=svc", key);
    const statuses = await repeat(sandbox, 7, "GET", "/listings", key);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429]);
    const refused = recorded(sandbox).filter((r) => r.status === 429);
    expect(refused.map((r) => r.token_id)).toEqual(Array(3).fill(tokenIdOf(sandbox, key)));

    await advance(sandbox, 60);
    const report = await getUsage(sandbox, key);
    expect(report.totals).toMatchObject({ requests: 8, errors: 4, error_rate: 0.5, rate_limited: 3 });
    expect(report.by_endpoint.map((e) => [e.route, e.requests, e.errors, e.rate_limited])).toEqual([
      ["/listings", 7, 3, 3],
      ["/listings/{listing_id}", 1, 1, 0],
    ]);
    expect(report.by_token).toEqual([expect.objectContaining({ requests: 8, errors: 4, rate_limited: 3 })]);
    for (const counters of [report.totals, ...report.by_endpoint]) {
      expect(counters.latency_ms.p50).toBeGreaterThanOrEqual(0);
      expect(counters.latency_ms.p99).toBeGreaterThanOrEqual(counters.latency_ms.p95!);
      expect(counters.latency_ms.p95).toBeGreaterThanOrEqual(counters.latency_ms.p50!);
    }
    sandbox.close();
  });
});
