import { describe, expect, it } from "vitest";
import { all, db, one, summary, withSeededWorld } from "./seed-test-support";

withSeededWorld();

describe("markets", () => {
  it("at least 3 markets in at least 2 currencies, each with an fx rate and bedroom groups", () => {
    const markets = all<{ id: string; currency: string; bedroom_groups: string }>(
      db,
      "SELECT * FROM markets",
    );
    expect(markets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(markets.map((m) => m.currency)).size).toBeGreaterThanOrEqual(2);
    const rates = new Map(
      all<{ currency: string; per_usd: number }>(db, "SELECT * FROM fx_rates").map((r) => [
        r.currency,
        r.per_usd,
      ]),
    );
    expect(rates.get("USD")).toBe(1);
    for (const m of markets) expect(rates.get(m.currency), m.currency).toBeGreaterThan(0);
    const groups = markets.map((m) => JSON.parse(m.bedroom_groups) as string[]);
    expect(groups).toContainEqual(["0", "1", "2", "3", "4", "5", "6+"]);
    expect(groups).toContainEqual(["0", "1", "2+"]);
  });
});

describe("listings", () => {
  it("at least 30 owner listings across airbnb, vrbo and booking_com", () => {
    const rows = all<{ channel: string; n: number }>(
      db,
      "SELECT channel, count(*) n FROM listings WHERE owner_user_id = ? GROUP BY channel",
      summary.personas.owner,
    );
    expect(rows.map((r) => r.channel).sort()).toEqual(["airbnb", "booking_com", "vrbo"]);
    expect(rows.reduce((n, r) => n + r.n, 0)).toBeGreaterThanOrEqual(30);
    const tiers = all<{ pricing_tier: string }>(
      db,
      "SELECT DISTINCT pricing_tier FROM listings WHERE owner_user_id = ?",
      summary.personas.owner,
    );
    expect(tiers.map((t) => t.pricing_tier)).toEqual(
      expect.arrayContaining(["Free", "Pro Flex", "Pro Flat", "Pro Trial", "Pro Onboarding"]),
    );
  });

  it("two listings on the same channel with different supported_settings", () => {
    const rows = all<{ channel: string; n: number }>(
      db,
      "SELECT channel, count(DISTINCT supported_settings) n FROM listings WHERE owner_user_id = ? GROUP BY channel HAVING n > 1",
      summary.personas.owner,
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const l of all<{ supported_settings: string }>(db, "SELECT supported_settings FROM listings")) {
      expect(Object.keys(JSON.parse(l.supported_settings)).sort()).toEqual([
        "checkin_checkout",
        "long_term_discount_form",
        "long_term_discounts",
        "min_stay",
      ]);
    }
  });

  it("one channel listing id is used on two channels by different listings", () => {
    const shared = all(
      db,
      `SELECT a.svc_id, b.svc_id FROM listings a JOIN listings b
         ON a.channel_listing_id = b.channel_listing_id AND a.channel = 'airbnb' AND b.channel = 'vrbo'`,
    );
    expect(shared).toHaveLength(1);
    expect(one<{ n: number }>(db, "SELECT count(DISTINCT svc_id) n FROM listings").n).toBe(
      summary.counts.listings,
    );
  });

  it("preferences match the contract shape and bracket the base price", () => {
    const rows = all<{
      base_price: number;
      preferences: string;
      supported_settings: string;
      currency: string;
      mcur: string;
    }>(db, "SELECT l.*, m.currency mcur FROM listings l JOIN markets m ON m.id = l.market_id");
    for (const r of rows) {
      const p = JSON.parse(r.preferences);
      expect(Object.keys(p).sort()).toEqual([
        "base_price",
        "base_price_adjustment",
        "fees",
        "guests_included",
        "long_term_discounts",
        "max_price",
        "min_price",
        "min_stay",
        "nickname",
        "pricing_enabled",
      ]);
      expect(p.base_price).toBe(r.base_price);
      expect(p.min_price).toBeLessThan(p.base_price);
      expect(p.max_price).toBeGreaterThan(p.base_price);
      if (p.fees !== null) expect(Object.keys(p.fees).sort()).toEqual(["cleaning_fee", "extra_guest_fee"]);
      if (!JSON.parse(r.supported_settings).long_term_discounts) expect(p.long_term_discounts).toBeNull();
      expect(r.currency).toBe(r.mcur);
    }
  });
});

describe("market listings", () => {
  const SUFFIXES = ["365_0", "90_0", "30_0", "0_30", "0_90"];
  const METRICS = [
    "adr",
    "asking_rate",
    "revenue",
    "revpar",
    "revpar_adjusted",
    "occupancy_adjusted",
    "nights_percent_open",
    "length_of_stay",
    "nights_booked",
    "nights_available",
  ];

  it("at least 2000 candidates with coordinates, amenities arrays and metrics", () => {
    const rows = all<{
      listing_id: string;
      latitude: number;
      longitude: number;
      mlat: number;
      mlng: number;
      amenities: string;
      metrics: string;
      eligible: number;
      currency: string;
      mcur: string;
      guests_included: number | null;
    }>(
      db,
      "SELECT c.*, m.latitude mlat, m.longitude mlng, m.currency mcur FROM market_listings c JOIN markets m ON m.id = c.market_id",
    );
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    let withNull = 0;
    for (const r of rows) {
      const amenities = JSON.parse(r.amenities);
      const ok =
        Math.abs(r.latitude - r.mlat) < 0.2 &&
        Math.abs(r.longitude - r.mlng) < 0.25 &&
        r.currency === r.mcur &&
        Array.isArray(amenities) &&
        amenities.every((a) => typeof a === "string");
      if (!ok) expect(r).toBe("near the market centre, in its currency, with an amenities array");
      const m = JSON.parse(r.metrics) as Record<string, number | null>;
      const missing = METRICS.flatMap((metric) => SUFFIXES.map((s) => `${metric}_${s}`)).filter(
        (k) => !(k in m),
      );
      if (missing.length > 0) expect(missing, r.listing_id).toEqual([]);
      if (Object.values(m).some((v) => v === null)) withNull++;
      for (const s of SUFFIXES) {
        const [adr, booked, avail, revenue, occ] = [
          m[`adr_${s}`],
          m[`nights_booked_${s}`],
          m[`nights_available_${s}`],
          m[`revenue_${s}`],
          m[`occupancy_adjusted_${s}`],
        ];
        if (adr == null || booked == null || avail == null || revenue == null || occ == null) continue;
        const coherent =
          Math.abs(revenue - adr * booked) < 0.05 &&
          Math.abs(occ - (100 * booked) / avail) < 0.06 &&
          occ >= 0 &&
          occ <= 100 &&
          Math.abs((m[`revpar_adjusted_${s}`] ?? NaN) - revenue / avail) < 0.01;
        if (!coherent) expect({ listing: r.listing_id, suffix: s, metrics: m }).toBe("coherent");
      }
    }
    expect(new Set(rows.map((r) => r.listing_id)).size).toBe(rows.length);
    expect(withNull / rows.length).toBeGreaterThan(0.01);
    expect(withNull / rows.length).toBeLessThan(0.15);
    const ineligible = rows.filter((r) => r.eligible === 0).length / rows.length;
    expect(ineligible).toBeGreaterThan(0.02);
    expect(ineligible).toBeLessThan(0.09);
    const unknownGuests = rows.filter((r) => r.guests_included === null).length / rows.length;
    expect(unknownGuests).toBeGreaterThan(0.05);
    expect(unknownGuests).toBeLessThan(0.15);
  });
});
