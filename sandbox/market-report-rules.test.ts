import { beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const GEOMETRY_KEYS = [
  "geometry",
  "boundary",
  "polygon",
  "multipolygon",
  "coordinates",
  "bbox",
  "geojson",
  "shape",
];

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      out.add(k.toLowerCase());
      keysOf(v, out);
    }
  return out;
}

/** Nearest-rank percentile, written independently of the service. */
function nearestRank(values: number[], pct: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.max(1, Math.ceil((pct / 100) * sorted.length)) - 1]!;
}

/** The single row of an aggregate query. */
const one = <T>(sql: string, ...params: unknown[]): T => rows<T>(sandbox, sql, ...params)[0]!;

const shiftDay = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const get = (path: string, key = p.owner.keys.standard) => call(sandbox, "GET", path, { key });

describe("GET /market_report", () => {
  it("rule: no geometry fields at all, but postal_codes[].latlong kept", async () => {
    const res = await get("/market_report");
    expect(res.status).toBe(200);
    const keys = keysOf(res.json);
    for (const k of GEOMETRY_KEYS) expect(keys.has(k), k).toBe(false);
    expect(keys.has("latitude") || keys.has("longitude")).toBe(false);
    for (const market of res.json) {
      expect(market.postal_codes.length).toBeGreaterThan(0);
      for (const pc of market.postal_codes) {
        expect(pc.latlong).toHaveLength(2);
        expect(Math.abs(pc.latlong[0])).toBeLessThanOrEqual(90);
      }
    }
  });

  it("rule: lists the markets of the caller's listings, with counts from market_listings", async () => {
    for (const persona of ["owner", "outsider"] as const) {
      const res = await get("/market_report", p[persona].keys.standard);
      const expected = rows<{ market_id: string }>(
        sandbox,
        `SELECT DISTINCT market_id FROM listings WHERE owner_user_id = ?
           OR svc_id IN (SELECT listing_svc_id FROM listing_access WHERE user_id = ?) ORDER BY market_id`,
        p[persona].user_id,
        p[persona].user_id,
      ).map((r) => r.market_id);
      const ids = (res.json as Array<{ id: string }>).map((m) => m.id).sort();
      expect(ids).toEqual(expected);
      for (const market of res.json) {
        const { n } = one<{ n: number }>(
          `SELECT count(*) AS n FROM market_listings WHERE market_id = ?`,
          market.id,
        );
        expect(market.listing_count).toBe(n);
        const perPostalCode = market.postal_codes.reduce(
          (s: number, pc: { listing_count: number }) => s + pc.listing_count,
          0,
        );
        expect(perPostalCode).toBe(n);
      }
    }
  });
});

describe("GET /market_report/{market_id}/bedroom_groups", () => {
  it("rule: bedroom groups derived per market from its listings, 6+ and 2+ aggregating upward", async () => {
    const markets = rows<{ id: string; bedroom_groups: string }>(
      sandbox,
      `SELECT id, bedroom_groups FROM markets`,
    );
    for (const market of markets) {
      const res = await get(`/market_report/${market.id}/bedroom_groups`);
      expect(res.status).toBe(200);
      const scheme = JSON.parse(market.bedroom_groups) as string[];
      const expected = scheme
        .map((group) => {
          const sql = group.endsWith("+") ? `bedrooms >= ?` : `bedrooms = ?`;
          const { n } = one<{ n: number }>(
            `SELECT count(*) AS n FROM market_listings WHERE market_id = ? AND ${sql}`,
            market.id,
            Number(group.replace("+", "")),
          );
          return { group, listing_count: n };
        })
        .filter((g) => g.listing_count > 0);
      expect(res.json).toEqual({ market_id: market.id, groups: expected });
    }
    const lisbon = (await get(`/market_report/mkt_lisbon/bedroom_groups`)).json;
    expect(lisbon.groups.map((g: { group: string }) => g.group)).toEqual(["0", "1", "2+"]);
  });

  it("rule: a market outside the caller's listings answers 404 like an unknown one", async () => {
    expectError(
      await get(`/market_report/mkt_lisbon/bedroom_groups`, p.outsider.keys.standard),
      404,
      "market_not_found",
    );
    expectError(await get(`/market_report/mkt_nowhere/bedroom_groups`), 404, "market_not_found");
  });
});

describe("bedrooms on time_series and distribution", () => {
  it("rule: a group the market lacks answers 400 naming the groups it has (message and details)", async () => {
    for (const path of ["time_series", "distribution"]) {
      const err = expectError(
        await get(`/market_report/mkt_lisbon/${path}?metric=adr&bedrooms=3`),
        400,
        "invalid_query",
      );
      expect(err.message).toContain("0, 1, 2+");
      expect(err.details?.groups).toEqual(["0", "1", "2+"]);
      expect(err.details?.fields[0].field).toBe("bedrooms");
    }
    // London has no listing with 6 bedrooms or more, so no 6+ group either.
    const london = expectError(
      await get(`/market_report/mkt_london/distribution?metric=adr&bedrooms=6%2B`),
      400,
    );
    expect(london.details?.groups).toEqual(["0", "1", "2", "3", "4", "5"]);
  });

  it("rule: bedrooms=4+ is answered from the 4 group where the market is split into 4, 5 and 6+", async () => {
    for (const path of [
      "time_series?metric=occupancy_adjusted&granularity=week",
      "distribution?metric=revenue",
    ]) {
      const four = await get(`/market_report/mkt_austin/${path}&bedrooms=4`);
      const fourPlus = await get(`/market_report/mkt_austin/${path}&bedrooms=4%2B`);
      expect(four.status).toBe(200);
      expect(fourPlus.status).toBe(200);
      expect(fourPlus.json.bedrooms).toBe("4+");
      expect({ ...fourPlus.json, bedrooms: "4" }).toEqual(four.json);
    }
    expectError(
      await get(`/market_report/mkt_lisbon/distribution?metric=adr&bedrooms=4%2B`),
      400,
      "invalid_query",
    );
  });

  it("rule: bad input answers 400 naming the field", async () => {
    const cases: Array<[string, string]> = [
      ["time_series?metric=bogus", "metric"],
      ["time_series?metric=adr&bedrooms=7", "bedrooms"],
      ["time_series?metric=adr&granularity=hour", "granularity"],
      ["time_series?metric=adr&start_date=2026-02-30", "start_date"],
      ["time_series?metric=adr&start_date=2026-05-01&end_date=2026-04-01", "end_date"],
      ["time_series?metric=adr&start_date=2020-01-01&end_date=2026-01-01", "end_date"],
      ["time_series?metric=adr&currency=JPY", "currency"],
      ["distribution?metric=adr&window=45_0", "window"],
      ["distribution?bedrooms=1", "metric"],
    ];
    for (const [path, field] of cases) {
      const err = expectError(await get(`/market_report/mkt_austin/${path}`), 400, "invalid_query");
      expect(
        err.details?.fields.map((f: { field: string }) => f.field),
        path,
      ).toContain(field);
    }
  });
});

describe("GET /market_report/{market_id}/distribution", () => {
  it("rule: the distribution comes from the group's listings' stored metrics", async () => {
    const res = await get(`/market_report/mkt_austin/distribution?metric=adr&bedrooms=2&window=90_0`);
    expect(res.status).toBe(200);
    const values = rows<{ v: number | null }>(
      sandbox,
      `SELECT json_extract(metrics, '$.adr_90_0') AS v FROM market_listings WHERE market_id = 'mkt_austin' AND bedrooms = 2`,
    )
      .map((r) => r.v)
      .filter((v): v is number => v !== null);
    expect(res.json.currency).toBe("USD");
    expect(res.json.buckets.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(values.length);
    for (const pct of [10, 25, 50, 75, 90])
      expect(res.json.percentiles[`p${pct}`]).toBe(nearestRank(values, pct));
    expect(res.json.buckets[0].lower).toBe(Math.min(...values));
    expect(res.json.buckets.at(-1).upper).toBe(Math.max(...values));
  });

  it("rule: occupancy is derived from nights booked over the window; money converts to the currency asked", async () => {
    const occ = (await get(`/market_report/mkt_london/distribution?metric=occupancy&window=0_30`)).json;
    const booked = rows<{ v: number }>(
      sandbox,
      `SELECT json_extract(metrics, '$.nights_booked_0_30') AS v FROM market_listings WHERE market_id = 'mkt_london'`,
    ).map((r) => Math.round((1000 * r.v) / 30) / 10);
    expect(occ.percentiles.p50).toBe(nearestRank(booked, 50));

    const gbp = (await get(`/market_report/mkt_london/distribution?metric=adr`)).json;
    const usd = (await get(`/market_report/mkt_london/distribution?metric=adr&currency=USD`)).json;
    const { per_usd } = one<{ per_usd: number }>(`SELECT per_usd FROM fx_rates WHERE currency = 'GBP'`);
    expect(usd.currency).toBe("USD");
    expect(usd.percentiles.p50).toBeCloseTo(gbp.percentiles.p50 / per_usd, 1);
  });
});

describe("GET /market_report/{market_id}/time_series", () => {
  /** The demand model of the service, restated: booking probability per listing and night. */
  function expectedOccupancy(date: string, bedrooms: number): number[] {
    const today = sandbox.ctx.clock.today();
    const demand = (r: { season: number; event: number; noise: number }) => r.season * r.event * r.noise;
    const trailing = rows<{ season: number; event: number; noise: number }>(
      sandbox,
      `SELECT season, event, noise FROM market_nights WHERE market_id = 'mkt_austin'
         AND date >= date(?, '-365 days') AND date < ?`,
      today,
      today,
    );
    const norm = trailing.reduce((s, r) => s + demand(r) ** 0.8, 0) / trailing.length;
    const [night] = rows<{ season: number; event: number; noise: number }>(
      sandbox,
      `SELECT season, event, noise FROM market_nights WHERE market_id = 'mkt_austin' AND date = ?`,
      date,
    );
    const listings = rows<{ occ: number | null }>(
      sandbox,
      `SELECT json_extract(metrics, '$.occupancy_adjusted_365_0') AS occ FROM market_listings
         WHERE market_id = 'mkt_austin' AND bedrooms = ?`,
      bedrooms,
    );
    return listings
      .filter((l): l is { occ: number } => l.occ !== null)
      .map((l) => 100 * Math.min(0.98, ((l.occ / 100) * demand(night!) ** 0.8) / norm));
  }

  it("rule: values are computed from market_nights and the group's listings (occupancy by night)", async () => {
    const date = shiftDay(sandbox.ctx.clock.today(), -30);
    const res = await get(
      `/market_report/mkt_austin/time_series?metric=occupancy_adjusted&bedrooms=3&start_date=${date}&end_date=${date}`,
    );
    expect(res.status).toBe(200);
    const expected = expectedOccupancy(date, 3);
    const [point] = res.json.points;
    expect(point.date).toBe(date);
    expect(point.value).toBeCloseTo(expected.reduce((s, v) => s + v, 0) / expected.length, 1);
    expect(point.p50).toBeCloseTo(nearestRank(expected, 50)!, 1);
  });

  it("rule: series agree with each other: a month's nights booked is the sum of its days", async () => {
    // The whole month before this one.
    const first = `${shiftDay(`${sandbox.ctx.clock.today().slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    const last = shiftDay(`${sandbox.ctx.clock.today().slice(0, 7)}-01`, -1);
    const range = `start_date=${first}&end_date=${last}&metric=nights_booked&bedrooms=1`;
    const daily = (await get(`/market_report/mkt_austin/time_series?${range}`)).json;
    const monthly = (await get(`/market_report/mkt_austin/time_series?${range}&granularity=month`)).json;
    expect(daily.points).toHaveLength(Number(last.slice(8)));
    expect(monthly.points).toHaveLength(1);
    expect(monthly.points[0].date).toBe(first);
    const sum = daily.points.reduce((s: number, pt: { value: number }) => s + pt.value, 0);
    expect(monthly.points[0].value).toBeCloseTo(sum, 0);
  });

  it("rule: an event night asks more than the same weekday a week later without the event", async () => {
    const [night] = rows<{ date: string }>(
      sandbox,
      `SELECT e.date FROM market_nights e JOIN market_nights o
         ON o.market_id = e.market_id AND o.date = date(e.date, '+7 days')
       WHERE e.market_id = 'mkt_austin' AND e.event >= 1.3 AND o.event = 1 AND e.date < ? ORDER BY e.date DESC LIMIT 1`,
      sandbox.ctx.clock.today(),
    );
    const later = shiftDay(night!.date, 7);
    const asking = (
      await get(
        `/market_report/mkt_austin/time_series?metric=asking_rate&start_date=${night!.date}&end_date=${later}`,
      )
    ).json;
    expect(asking.points[0].value).toBeGreaterThan(asking.points.at(-1).value);
  });

  it("rule: defaults are the last 90 days by day; nights outside the model give null points", async () => {
    const res = await get(`/market_report/mkt_austin/time_series?metric=revenue`);
    expect(res.json.points).toHaveLength(90);
    expect(res.json.points.at(-1).date).toBe(sandbox.ctx.clock.today());
    const { last } = one<{ last: string }>(`SELECT max(date) AS last FROM market_nights`);
    const after = shiftDay(last, 1);
    const beyond = await get(
      `/market_report/mkt_austin/time_series?metric=revenue&start_date=${after}&end_date=${after}`,
    );
    expect(beyond.json.points).toEqual([{ date: after, value: null, p25: null, p50: null, p75: null }]);
  });
});
