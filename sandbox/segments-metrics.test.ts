import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Listing } from "../lib/svc/schemas/listings";
import type { AggregatedMetrics } from "../lib/svc/schemas/set-analytics";
import type { Segment } from "../lib/svc/schemas/segments";
import type { Sandbox } from "./app";
import { addMonths, fxTable, sqlMetrics } from "./kpis-test-support";
import { hashKey } from "./middleware/auth";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// GET /segments/{id}/listings and /aggregated_metrics: the listings the filter matches among
// the caller's (include_managed_listings: true by default for API keys, false for channel
// integration keys) and their monthly metrics pooled in the most common market's currency.
let sandbox: Sandbox;
let p: Personas;
let managerChannelKey: string;
let managerSegment: Segment;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  // The manager persona holds no channel integration key in the seed: add one.
  managerChannelKey = `svc_ci_${randomBytes(16).toString("hex")}`;
  sandbox.ctx.db
    .prepare(
      `INSERT INTO api_keys (token_id, user_id, name, kind, key_hash, last4, created_at)
       VALUES ('tok_test_ci', ?, 'PMS', 'channel_integration', ?, ?, '2026-01-01T00:00:00Z')`,
    )
    .run(p.manager.user_id, hashKey(managerChannelKey), managerChannelKey.slice(-4));
  managerSegment = (await call(sandbox, "GET", "/segments", { key: p.manager.keys.standard })).json[0];
});

type ListingSql = { svc_id: string; market_id: string; currency: string; owner_user_id: string };

/** The user's listings in the markets, from SQL: owned, plus managed ones when asked. */
function listingsIn(userId: string, markets: string[], managed: boolean): ListingSql[] {
  return rows<ListingSql>(
    sandbox,
    `SELECT svc_id, market_id, currency, owner_user_id FROM listings
     WHERE market_id IN (${markets.map(() => "?").join(",")})
       AND (owner_user_id = ? OR (? AND svc_id IN (SELECT listing_svc_id FROM listing_access WHERE user_id = ?)))
     ORDER BY CAST(svc_id AS INTEGER)`,
    ...markets,
    userId,
    managed ? 1 : 0,
    userId,
  );
}

async function segmentListings(
  segmentId: string,
  key: string,
  query = "",
): Promise<{ body: Listing[]; total: string | null }> {
  const page = query.includes("per_page") ? query : `&per_page=100${query}`;
  const res = await call(sandbox, "GET", `/segments/${segmentId}/listings?${page.slice(1)}`, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return {
    body: endpoints["segments.listings"].response.parse(res.json),
    total: res.headers.get("X-Total-Count"),
  };
}

async function metrics(segmentId: string, key: string, query = ""): Promise<AggregatedMetrics> {
  const res = await call(sandbox, "GET", `/segments/${segmentId}/aggregated_metrics?${query}`, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return endpoints["segments.aggregatedMetrics"].response.parse(res.json);
}

describe("GET /segments/{segment_id}/listings", () => {
  it("rule: answers the listing objects the filter matches, is_hidden included, paginated with X-Total-Count", async () => {
    const key = p.owner.keys.standard;
    const created = (
      await call(sandbox, "POST", "/segments", {
        key,
        body: {
          name: "Vrbo in Miami",
          filter_backend: { market_ids: ["mkt_miami_beach"], channels: ["vrbo"] },
        },
      })
    ).json as Segment;
    const expected = rows<{ svc_id: string; is_hidden: number }>(
      sandbox,
      `SELECT svc_id, is_hidden FROM listings WHERE owner_user_id = ? AND market_id = 'mkt_miami_beach' AND channel = 'vrbo'
       ORDER BY CAST(svc_id AS INTEGER)`,
      p.owner.user_id,
    );
    const { body, total } = await segmentListings(created.id, key);
    expect(body.map((l) => [l.svc_id, l.is_hidden])).toEqual(
      expected.map((l) => [l.svc_id, l.is_hidden === 1]),
    );
    expect(body.some((l) => l.is_hidden)).toBe(true);
    expect(total).toBe(String(expected.length));
    expect(created.listing_count).toBe(expected.length);

    const family = (await call(sandbox, "GET", "/segments", { key })).json.find(
      (s: Segment) => s.name === "Family homes",
    );
    const all = await segmentListings(family.id, key);
    for (const listing of all.body) {
      expect(listing.bedrooms!).toBeGreaterThanOrEqual(3);
      expect(listing.tags).toContain("family");
    }
    const page2 = await segmentListings(family.id, key, "&per_page=2&page=2");
    expect(page2.body.map((l) => l.svc_id)).toEqual(all.body.slice(2, 4).map((l) => l.svc_id));
    expect(page2.total).toBe(String(all.body.length));
  });

  it("rule: each filter_backend key narrows the caller's listings as documented; no match answers [] and null metrics in USD", async () => {
    const key = p.owner.keys.standard;
    type Row = {
      svc_id: string;
      name: string;
      tags: string;
      bedrooms: number | null;
      is_active: number;
      is_hidden: number;
      pricing_tier: string;
    };
    const own = rows<Row>(
      sandbox,
      `SELECT svc_id, name, tags, bedrooms, is_active, is_hidden, pricing_tier FROM listings
       WHERE owner_user_id = ? ORDER BY CAST(svc_id AS INTEGER)`,
      p.owner.user_id,
    );
    const tagsOf = (r: Row) => JSON.parse(r.tags) as string[];
    const word = own[0]!.name.split(" ")[0]!.toUpperCase();
    const cases: Array<[Record<string, unknown>, (r: Row) => boolean]> = [
      [
        { tags_all: ["family", "luxury"] },
        (r) => tagsOf(r).includes("family") && tagsOf(r).includes("luxury"),
      ],
      [
        { tags_any: ["pet-friendly", "long-stay"] },
        (r) => tagsOf(r).some((t) => t === "pet-friendly" || t === "long-stay"),
      ],
      [
        { bedrooms_min: 1, bedrooms_max: 2 },
        (r) => r.bedrooms !== null && r.bedrooms >= 1 && r.bedrooms <= 2,
      ],
      [{ is_active: false }, (r) => r.is_active === 0],
      [{ is_hidden: true }, (r) => r.is_hidden === 1],
      [{ pricing_tiers: ["Pro Flex"] }, (r) => r.pricing_tier === "Pro Flex"],
      [{ name_contains: word }, (r) => r.name.toLowerCase().includes(word.toLowerCase())],
      [{ name_contains: "no listing is called this" }, () => false],
    ];
    for (const [filter, predicate] of cases) {
      const created = (
        await call(sandbox, "POST", "/segments", { key, body: { name: "Probe", filter_backend: filter } })
      ).json as Segment;
      const { body } = await segmentListings(created.id, key);
      expect(
        body.map((l) => l.svc_id),
        JSON.stringify(filter),
      ).toEqual(own.filter(predicate).map((r) => r.svc_id));
      if (body.length === 0) {
        const empty = await metrics(created.id, key);
        expect(empty.currency).toBe("USD");
        expect(empty.months.every((m) => m.listing_count === 0 && m.revenue === null && m.adr === null)).toBe(
          true,
        );
      }
    }
  });

  it("rule: include_managed_listings defaults to true for API keys and to false for channel integration keys", async () => {
    const markets = managerSegment.filter_backend.market_ids as string[];
    const withManaged = listingsIn(p.manager.user_id, markets, true).map((l) => l.svc_id);
    const ownOnly = listingsIn(p.manager.user_id, markets, false).map((l) => l.svc_id);
    expect(withManaged.length).toBeGreaterThan(ownOnly.length);

    const apiDefault = await segmentListings(managerSegment.id, p.manager.keys.standard);
    expect(apiDefault.body.map((l) => l.svc_id)).toEqual(withManaged);
    expect(apiDefault.body.filter((l) => l.access_level === "manager").length).toBe(
      withManaged.length - ownOnly.length,
    );
    const channelDefault = await segmentListings(managerSegment.id, managerChannelKey);
    expect(channelDefault.body.map((l) => l.svc_id)).toEqual(ownOnly);
    const apiOwnOnly = await segmentListings(
      managerSegment.id,
      p.manager.keys.standard,
      "&include_managed_listings=false",
    );
    expect(apiOwnOnly.body.map((l) => l.svc_id)).toEqual(ownOnly);
    const channelManaged = await segmentListings(
      managerSegment.id,
      managerChannelKey,
      "&include_managed_listings=true",
    );
    expect(channelManaged.body.map((l) => l.svc_id)).toEqual(withManaged);
    expect(managerSegment.listing_count).toBe(withManaged.length);
    expectError(
      await call(sandbox, "GET", `/segments/${managerSegment.id}/listings?include_managed_listings=maybe`, {
        key: p.manager.keys.standard,
      }),
      400,
    );
  });
});

describe("GET /segments/{segment_id}/aggregated_metrics", () => {
  it("rule: aggregated metrics pool the segment's listings month by month, recomputed from the database", async () => {
    const markets = managerSegment.filter_backend.market_ids as string[];
    const listings = listingsIn(p.manager.user_id, markets, true);
    const body = await metrics(managerSegment.id, p.manager.keys.standard);
    const current = sandbox.ctx.clock.today().slice(0, 7);
    expect(body.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => addMonths(current, i - 11)),
    );
    expect(new Set(listings.map((l) => l.currency)).size).toBe(1);
    expect(body.currency).toBe(listings[0]!.currency);
    for (const month of body.months) {
      const per = listings.map((l) =>
        sqlMetrics(sandbox, l.svc_id, `${month.month}-01`, `${addMonths(month.month, 1)}-01`),
      );
      const sum = (m: "nights_booked" | "nights_available" | "nights_blocked" | "revenue") =>
        per.reduce((s, x) => s + (x[m] ?? 0), 0);
      expect(month.listing_count).toBe(listings.length);
      expect(month.nights_booked).toBe(sum("nights_booked"));
      expect(month.nights_available).toBe(sum("nights_available"));
      expect(month.nights_blocked).toBe(sum("nights_blocked"));
      expect(Math.abs(month.revenue! - sum("revenue"))).toBeLessThanOrEqual(0.02 * listings.length);
      expect(Math.abs(month.adr! - sum("revenue") / sum("nights_booked"))).toBeLessThanOrEqual(0.01);
      expect(month.occupancy_adjusted).toBe(
        Math.round((1000 * sum("nights_booked")) / sum("nights_available")) / 10,
      );
    }
    // Only the manager's own listing with a channel integration key.
    const own = await metrics(managerSegment.id, managerChannelKey);
    expect(
      own.months.every((m) => m.listing_count === listingsIn(p.manager.user_id, markets, false).length),
    ).toBe(true);
  });

  it("rule: money is in the currency of the most common market (ties: the market id that sorts first) unless currency is given", async () => {
    const key = p.owner.keys.standard;
    const fx = fxTable(sandbox);
    const counts = rows<{ market_id: string; n: number; currency: string }>(
      sandbox,
      `SELECT market_id, COUNT(*) AS n, currency FROM listings WHERE owner_user_id = ? GROUP BY market_id, currency
       ORDER BY n DESC, market_id`,
      p.owner.user_id,
    );
    const tie = counts.filter((c) => c.n === counts[1]!.n && c.currency !== counts[0]!.currency);
    expect(tie.length).toBeGreaterThanOrEqual(2);
    const [a, b] = [tie[0]!, tie.find((c) => c.currency !== tie[0]!.currency)!];
    const created = (
      await call(sandbox, "POST", "/segments", {
        key,
        body: { name: "Tie", filter_backend: { market_ids: [b.market_id, a.market_id] } },
      })
    ).json as Segment;
    const sorted = [a, b].sort((x, y) => (x.market_id < y.market_id ? -1 : 1));
    const native = await metrics(created.id, key, "start_month=2026-01&end_month=2026-06");
    expect(native.currency).toBe(sorted[0]!.currency);
    expect(native.months.map((m) => m.month)).toEqual([
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
    ]);

    const listings = listingsIn(p.owner.user_id, [a.market_id, b.market_id], true);
    const inUsd = await metrics(created.id, key, "start_month=2026-01&end_month=2026-06&currency=USD");
    expect(inUsd.currency).toBe("USD");
    for (const month of inUsd.months) {
      const expected = listings.reduce((sum, l) => {
        const revenue =
          sqlMetrics(sandbox, l.svc_id, `${month.month}-01`, `${addMonths(month.month, 1)}-01`).revenue ?? 0;
        return sum + (revenue / fx.get(l.currency)!) * fx.get("USD")!;
      }, 0);
      expect(Math.abs(month.revenue! - expected)).toBeLessThanOrEqual(0.03 * listings.length);
      const twin = native.months.find((m) => m.month === month.month)!;
      expect(month.nights_booked).toBe(twin.nights_booked);
      expect(month.occupancy).toBe(twin.occupancy);
    }
  });

  it("rule: bad month ranges and currencies answer 400 naming the field", async () => {
    const key = p.manager.keys.standard;
    const field = async (query: string) => {
      const res = await call(sandbox, "GET", `/segments/${managerSegment.id}/aggregated_metrics?${query}`, {
        key,
      });
      return expectError(res, 400, "invalid_query").details!.fields.map((f: { field: string }) => f.field);
    };
    expect(await field("start_month=2026-06&end_month=2026-01")).toContain("end_month");
    expect(await field("start_month=2026-13")).toContain("start_month");
    expect(await field("end_month=2026-00")).toContain("end_month");
    expect(await field("start_month=2026-1")).toContain("start_month");
    expect(await field("start_month=2010-01&end_month=2026-01")).toContain("end_month");
    expect(await field("currency=XYZ")).toContain("currency");
    expect(await field("include_managed_listings=perhaps")).toContain("include_managed_listings");
  });
});
