import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Reservation } from "../lib/svc/schemas/reservations";
import type { Sandbox } from "./app";
import { PRICE_JITTER } from "./domain/calendars/neighborhood";
import { addDays } from "./domain/calendars/range";
import { call, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Market-derived listing data (neighborhood, suggested prices, seasonality), the settings
// views (check-in/out) and the reservations list with its date filters.
let sandbox: Sandbox;
let p: Personas;
let today: string;

interface ListingRef {
  svc_id: string;
  market_id: string;
  bedrooms: number;
  base_price: number;
  currency: string;
  preferences: string;
  supported_settings: string;
}
let listing: ListingRef;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  today = sandbox.ctx.clock.today();
  [listing] = rows<ListingRef>(
    sandbox,
    `SELECT svc_id, market_id, bedrooms, base_price, currency, preferences, supported_settings FROM listings
     WHERE owner_user_id = ? AND bedrooms BETWEEN 1 AND 3 ORDER BY svc_id LIMIT 1`,
    p.owner.user_id,
  ) as [ListingRef];
});

const get = (rest: string, query = "", id = listing.svc_id) =>
  call(sandbox, "GET", `/listings/${id}/${rest}?channel=svc${query ? `&${query}` : ""}`, {
    key: p.owner.keys.standard,
  });

/** The SQL view of the neighborhood: the market's candidates with the listing's bedroom count (groups 1..3 are single counts). */
function neighborhood() {
  return rows<{ base_price: number }>(
    sandbox,
    `SELECT base_price FROM market_listings WHERE market_id = ? AND bedrooms = ?`,
    listing.market_id,
    listing.bedrooms,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) / 2;
  return (sorted[Math.floor(pos)]! + sorted[Math.ceil(pos)]!) / 2;
}

describe("neighborhood", () => {
  it("neighborhood pricing: percentiles are ordered, listing_count matches the SQL count, and the median follows the market model", async () => {
    const start = addDays(today, -30);
    const end = addDays(today, 334);
    const res = await get("neighborhood/pricing", `start_date=${start}&end_date=${end}`);
    const body = endpoints["listings.neighborhoodPricing"].response.parse(res.json);
    expect(body.currency).toBe(listing.currency);
    expect(body.days).toHaveLength(365);
    const candidates = neighborhood();
    const nights = new Map(
      rows<{ date: string; m: number }>(
        sandbox,
        `SELECT date, season * weekday * event * noise AS m FROM market_nights WHERE market_id = ? AND date BETWEEN ? AND ?`,
        listing.market_id,
        start,
        end,
      ).map((n) => [n.date, n.m]),
    );
    const baseMedian = median(candidates.map((c) => c.base_price));
    for (const day of body.days) {
      expect(day.listing_count).toBe(candidates.length);
      expect(day.p25_price!).toBeLessThanOrEqual(day.median_price!);
      expect(day.median_price!).toBeLessThanOrEqual(day.p75_price!);
      // Every candidate's price is its base times the night's multiplier within the jitter,
      // so the median lies within the same band around the base prices' median.
      const m = nights.get(day.date)!;
      expect(day.median_price!).toBeGreaterThanOrEqual(baseMedian * m * (1 - PRICE_JITTER) - 0.01);
      expect(day.median_price!).toBeLessThanOrEqual(baseMedian * m * (1 + PRICE_JITTER) + 0.01);
    }
    // Busier nights are dearer: the median moves with the market multiplier.
    const byMultiplier = [...body.days].sort((a, b) => nights.get(a.date)! - nights.get(b.date)!);
    const low = byMultiplier.slice(0, 50).reduce((s, d) => s + d.median_price!, 0);
    const high = byMultiplier.slice(-50).reduce((s, d) => s + d.median_price!, 0);
    expect(high).toBeGreaterThan(low);
  });

  it("neighborhood occupancy: a share of the SQL-counted neighborhood, fuller behind today than far ahead", async () => {
    const res = await get(
      "neighborhood/occupancy",
      `start_date=${addDays(today, -60)}&end_date=${addDays(today, 304)}`,
    );
    const body = endpoints["listings.neighborhoodOccupancy"].response.parse(res.json);
    const count = neighborhood().length;
    for (const day of body.days) {
      expect(day.listing_count).toBe(count);
      // A whole number of the listings is booked (the percent carries one decimal).
      const booked = (day.occupancy_percent! * count) / 100;
      expect(Math.abs(booked - Math.round(booked))).toBeLessThanOrEqual(0.0005 * count + 1e-9);
    }
    const mean = (days: typeof body.days) => days.reduce((s, d) => s + d.occupancy_percent!, 0) / days.length;
    const past = mean(body.days.filter((d) => d.date < today));
    const farAhead = mean(body.days.filter((d) => d.date > addDays(today, 180)));
    expect(past).toBeGreaterThan(farAhead);
    // The past level is close to the candidates' stored occupancy.
    const [{ occ }] = rows<{ occ: number }>(
      sandbox,
      `SELECT AVG(json_extract(metrics, '$.occupancy_adjusted_365_0')) AS occ FROM market_listings WHERE market_id = ? AND bedrooms = ?`,
      listing.market_id,
      listing.bedrooms,
    ) as [{ occ: number }];
    expect(Math.abs(past - occ)).toBeLessThan(20);
  });
});

describe("listing settings and model", () => {
  it("checkin_checkout: every day without a rule; the stored rule when the channel takes it", async () => {
    const all = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    const plain = await get("checkin_checkout");
    expect(plain.json).toEqual({ listing_id: listing.svc_id, checkin_days: all, checkout_days: all });
    const rule = { checkin_days: ["friday", "saturday"], checkout_days: ["sunday"] };
    const preferences = `/preferences/${listing.svc_id}?channel=svc`;
    const key = p.owner.keys.standard;
    const put = (value: unknown) =>
      call(sandbox, "PUT", preferences, { key, body: { checkin_checkout: value } });
    expect((await put(rule)).status).toBe(200);
    try {
      // What the preferences group stored (a channel may take part of the rule, or none).
      const stored = (await call(sandbox, "GET", preferences, { key })).json.checkin_checkout as
        typeof rule | null;
      const res = await get("checkin_checkout");
      expect(res.json).toEqual({
        listing_id: listing.svc_id,
        ...(stored ?? { checkin_days: all, checkout_days: all }),
      });
    } finally {
      expect((await put(null)).status).toBe(200);
    }
  });

  it("min_max_prices: configured bounds from the preferences, suggested ones from the next year's market multipliers", async () => {
    const res = await get("min_max_prices");
    const body = endpoints["listings.minMaxPrices"].response.parse(res.json);
    const prefs = JSON.parse(listing.preferences) as { min_price: number | null; max_price: number | null };
    expect(body.min_price).toBe(prefs.min_price);
    expect(body.max_price).toBe(prefs.max_price);
    const [span] = rows<{ lo: number; hi: number }>(
      sandbox,
      `SELECT MIN(season * weekday * event * noise) AS lo, MAX(season * weekday * event * noise) AS hi
       FROM market_nights WHERE market_id = ? AND date BETWEEN ? AND ?`,
      listing.market_id,
      today,
      addDays(today, 364),
    );
    expect(body.recommended_min_price).toBe(Math.round(listing.base_price * span!.lo * 0.85));
    expect(body.recommended_max_price).toBe(Math.round(listing.base_price * span!.hi * 1.15));
  });

  it("monthly seasonality: twelve factors from the market's mean season per month, averaging 1", async () => {
    const res = await get("monthly_seasonality");
    const body = endpoints["listings.monthlySeasonality"].response.parse(res.json);
    const months = rows<{ month: string; season: number }>(
      sandbox,
      `SELECT substr(date, 6, 2) AS month, AVG(season) AS season FROM market_nights WHERE market_id = ? GROUP BY month ORDER BY month`,
      listing.market_id,
    );
    const yearly = months.reduce((s, m) => s + m.season, 0) / 12;
    expect(body.months.map((m) => m.factor)).toEqual(
      months.map((m) => Math.round((m.season / yearly) * 1000) / 1000),
    );
    const mean = body.months.reduce((s, m) => s + m.factor, 0) / 12;
    expect(mean).toBeCloseTo(1, 2);
  });
});

describe("reservations", () => {
  const all = async (query: string, id = listing.svc_id) => {
    const out: Reservation[] = [];
    for (let page = 1; ; page++) {
      const res = await get("reservations", `${query}${query ? "&" : ""}per_page=100&page=${page}`, id);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const items = endpoints["listings.reservations"].response.parse(res.json);
      out.push(...items);
      if (page === 1) expect(Number(res.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(items.length);
      if (items.length < 100) return { items: out, total: Number(res.headers.get("X-Total-Count")) };
    }
  };

  it("reservations: canceled_at is set whenever status is Canceled and null otherwise, over every seeded reservation of the owner", async () => {
    const owned = rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ?`,
      p.owner.user_id,
    );
    let seen = 0;
    let canceled = 0;
    for (const { svc_id } of owned) {
      const { items, total } = await all("", svc_id);
      const [{ n }] = rows<{ n: number }>(
        sandbox,
        `SELECT COUNT(*) AS n FROM reservations WHERE listing_svc_id = ?`,
        svc_id,
      ) as [{ n: number }];
      expect(total).toBe(n);
      expect(items).toHaveLength(n);
      for (const r of items) {
        expect(r.canceled_at === null).toBe(r.status !== "Canceled");
        expect(typeof r.reservation_id).toBe("string");
        if (r.status === "Canceled") canceled++;
      }
      seen += items.length;
    }
    expect(seen).toBeGreaterThan(1000);
    expect(canceled).toBeGreaterThan(10);
  });

  it("reservations: date_filter_type stay, booked, check_in and check_out select what the SQL selects", async () => {
    const start = addDays(today, -40);
    const end = addDays(today, 20);
    const range = `start_date=${start}&end_date=${end}`;
    const ids = (items: Reservation[]) => items.map((r) => r.reservation_id).sort();
    const sql = (where: string) =>
      rows<{ reservation_id: string }>(
        sandbox,
        `SELECT reservation_id FROM reservations WHERE listing_svc_id = ? AND ${where}`,
        listing.svc_id,
        start,
        end,
      )
        .map((r) => r.reservation_id)
        .sort();
    const stay = await all(range);
    expect(ids(stay.items)).toEqual(sql(`check_out > ? AND check_in <= ?`));
    expect((await all(`date_filter_type=stay&${range}`)).items).toEqual(stay.items);
    expect(ids((await all(`date_filter_type=check_in&${range}`)).items)).toEqual(
      sql(`check_in BETWEEN ? AND ?`),
    );
    expect(ids((await all(`date_filter_type=check_out&${range}`)).items)).toEqual(
      sql(`check_out BETWEEN ? AND ?`),
    );
    expect(ids((await all(`date_filter_type=booked&${range}`)).items)).toEqual(
      sql(`substr(booked_at, 1, 10) BETWEEN ? AND ?`),
    );
    // Ordered by check-in; a stay touching the range at either end is included.
    const checkIns = stay.items.map((r) => r.check_in);
    expect([...checkIns].sort()).toEqual(checkIns);
    expect(stay.items.length).toBeGreaterThan(3);
    // Optional fields are present, null or not.
    for (const r of stay.items)
      expect(Object.keys(r)).toEqual(expect.arrayContaining(["comments", "guests", "taxes", "source_name"]));
  });

  it("reservations: pagination with X-Total-Count; reversed range and bad filter type → 400, page and offset together → 400", async () => {
    const first = await get("reservations", "per_page=5&page=2");
    const { items, total } = await all("");
    expect(first.headers.get("X-Total-Count")).toBe(String(total));
    expect(first.json.map((r: Reservation) => r.reservation_id)).toEqual(
      items.slice(5, 10).map((r) => r.reservation_id),
    );
    const reversed = await get("reservations", `start_date=${today}&end_date=${addDays(today, -1)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.json.error.details.fields[0].field).toBe("end_date");
    const badType = await get("reservations", "date_filter_type=arrival");
    expect(badType.status).toBe(400);
    expect(badType.json.error.details.fields[0].field).toBe("date_filter_type");
    expect((await get("reservations", "page=1&offset=3")).status).toBe(400);
  });
});
