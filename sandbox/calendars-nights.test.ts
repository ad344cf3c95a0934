import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Sandbox } from "./app";
import { addDays } from "./domain/calendars/range";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// A listing's per-night calendars (docs/contract-decisions-listings.md): price calendar,
// recommendations, minimum stays, fee impact; the channel and date-range rules of every
// endpoint of the group.
let sandbox: Sandbox;
let p: Personas;
let today: string;

interface ListingRef {
  svc_id: string;
  channel: string;
  channel_listing_id: string;
  currency: string;
  preferences: string;
}

/** An owner listing with automatic posting and bookings in the next 90 days. */
let listing: ListingRef;
let outsiderListing: ListingRef;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  today = sandbox.ctx.clock.today();
  [listing] = rows<ListingRef>(
    sandbox,
    `SELECT l.svc_id, l.channel, l.channel_listing_id, l.currency, l.preferences FROM listings l
     WHERE l.owner_user_id = ? AND json_extract(l.preferences, '$.pricing_enabled') = 1
       AND (SELECT COUNT(*) FROM calendar_nights n WHERE n.listing_svc_id = l.svc_id
            AND n.date BETWEEN ? AND ? AND n.reservation_id IS NOT NULL) > 10
     ORDER BY l.svc_id LIMIT 1`,
    p.owner.user_id,
    today,
    addDays(today, 90),
  ) as [ListingRef];
  [outsiderListing] = rows<ListingRef>(
    sandbox,
    `SELECT svc_id, channel, channel_listing_id, currency, preferences FROM listings WHERE owner_user_id = ? LIMIT 1`,
    p.outsider.user_id,
  ) as [ListingRef];
});

const get = (path: string, key = p.owner.keys.standard) => call(sandbox, "GET", path, { key });
const svcPath = (l: ListingRef, rest: string, query = "") =>
  `/listings/${l.svc_id}/${rest}?channel=svc${query ? `&${query}` : ""}`;

/** The endpoints of this group whose path ends after the listing id, with any required query. */
const GROUP_PATHS = [
  ["price_recommendations", ""],
  ["base_price_recommendation", ""],
  ["checkin_checkout", ""],
  ["min_max_prices", ""],
  ["monthly_seasonality", ""],
  ["price_calendar", ""],
  ["last_posted_prices", ""],
  ["base_price_history", ""],
  ["calendar_day_history", "date=2026-01-01"],
  ["neighborhood/pricing", ""],
  ["neighborhood/occupancy", ""],
  ["fee_impact_calendar", ""],
  ["min_stay_calendar", ""],
  ["reservations", ""],
] as const;

const RANGED_PATHS = [
  "price_recommendations",
  "price_calendar",
  "last_posted_prices",
  "base_price_history",
  "neighborhood/pricing",
  "neighborhood/occupancy",
  "fee_impact_calendar",
  "min_stay_calendar",
] as const;

describe("every endpoint of the group", () => {
  it("channel rules: 403 by channel id and 404 under channel=svc for an inaccessible listing", async () => {
    for (const [rest, extra] of GROUP_PATHS) {
      const q = extra ? `&${extra}` : "";
      const byChannel = await get(
        `/listings/${outsiderListing.channel_listing_id}/${rest}?channel=${outsiderListing.channel}${q}`,
      );
      expectError(byChannel, 403, "forbidden");
      expectError(await get(svcPath(outsiderListing, rest, extra)), 404, "listing_not_found");
      expectError(await get(`/listings/${outsiderListing.svc_id}/${rest}${extra ? `?${extra}` : ""}`), 400);
      const own = await get(`/listings/${listing.channel_listing_id}/${rest}?channel=${listing.channel}${q}`);
      expect(own.status, `${rest}: ${JSON.stringify(own.json)}`).toBe(200);
      const body = own.json as { listing_id?: string } | Array<{ listing_id: string }>;
      const answered = Array.isArray(body) ? body[0]?.listing_id : body.listing_id;
      expect(answered, rest).toBe(listing.channel_listing_id);
    }
  });

  it("date ranges: reversed → 400 naming end_date, more than 365 dates → 400", async () => {
    for (const rest of RANGED_PATHS) {
      const reversed = await get(svcPath(listing, rest, `start_date=${addDays(today, 5)}&end_date=${today}`));
      const error = expectError(reversed, 400, "invalid_query");
      expect(
        error.details!.fields.map((f: { field: string }) => f.field),
        rest,
      ).toContain("end_date");
      const long = await get(svcPath(listing, rest, `start_date=${today}&end_date=${addDays(today, 365)}`));
      expectError(long, 400, "invalid_query");
      const full = await get(svcPath(listing, rest, `start_date=${today}&end_date=${addDays(today, 364)}`));
      expect(full.status, rest).toBe(200);
    }
    const badDate = await get(svcPath(listing, "price_calendar", "start_date=2026-13-45"));
    expect(expectError(badDate, 400, "invalid_query").details!.fields[0].field).toBe("start_date");
    const noSuchDay = await get(svcPath(listing, "calendar_day_history", "date=2026-02-30"));
    expect(expectError(noSuchDay, 400, "invalid_query").details!.fields[0].field).toBe("date");
    const reservations = await get(svcPath(listing, "reservations", "end_date=2026-04-31"));
    expect(expectError(reservations, 400, "invalid_query").details!.fields[0].field).toBe("end_date");
  });
});

describe("price recommendations", () => {
  it("price recommendations: custom_type is null for service recommendations and the custom rate's kind inside a period", async () => {
    const start = addDays(today, 10);
    const end = addDays(today, 14);
    const before = await get(
      svcPath(listing, "price_recommendations", `start_date=${start}&end_date=${addDays(end, 3)}`),
    );
    expect(before.status).toBe(200);
    for (const r of before.json.recommendations) expect(r.custom_type).toBeNull();
    sandbox.ctx.db
      .prepare(
        `INSERT INTO custom_rates (listing_svc_id, start_date, end_date, price_type, price_value, min_stay, created_at)
         VALUES (?, ?, ?, 'percent', 20, 6, ?)`,
      )
      .run(listing.svc_id, start, end, `${today}T00:00:00Z`);
    try {
      const res = await get(
        svcPath(listing, "price_recommendations", `start_date=${start}&end_date=${addDays(end, 3)}`),
      );
      const body = endpoints["listings.priceRecommendations"].response.parse(res.json);
      const prefs = JSON.parse(listing.preferences) as { min_price: number | null; max_price: number | null };
      const nights = rows<{ date: string; recommended_price: number; min_stay: number }>(
        sandbox,
        `SELECT date, recommended_price, min_stay FROM calendar_nights WHERE listing_svc_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
        listing.svc_id,
        start,
        addDays(end, 3),
      );
      expect(body.recommendations.map((r) => r.date)).toEqual(nights.map((n) => n.date));
      body.recommendations.forEach((r, i) => {
        const night = nights[i]!;
        expect(r.recommended_price).toBe(night.recommended_price);
        if (r.date <= end) {
          expect(r.custom_type).toBe("percent");
          expect(r.min_stay).toBe(6);
          const moved = Math.min(
            prefs.max_price ?? Infinity,
            Math.max(prefs.min_price ?? 0, night.recommended_price * 1.2),
          );
          expect(r.price).toBeCloseTo(moved, 2);
        } else {
          expect(r.custom_type).toBeNull();
          expect(r.min_stay).toBe(night.min_stay);
          expect(r.price).toBe(night.recommended_price);
        }
      });
      // The calendar and the minimum-stay calendar see the same period.
      const calendar = await get(svcPath(listing, "price_calendar", `start_date=${start}&end_date=${end}`));
      for (const n of calendar.json.nights)
        expect(n.custom_rate).toEqual({ price_type: "percent", price_value: 20 });
      const minStays = await get(
        svcPath(listing, "min_stay_calendar", `start_date=${start}&end_date=${addDays(end, 1)}`),
      );
      expect(minStays.json.days.map((d: { min_stay: number }) => d.min_stay)).toEqual([
        6,
        6,
        6,
        6,
        6,
        nights[5]!.min_stay,
      ]);
    } finally {
      sandbox.ctx.db.prepare(`DELETE FROM custom_rates WHERE listing_svc_id = ?`).run(listing.svc_id);
    }
  });

  it("price recommendations: an expired custom rate no longer applies", async () => {
    const date = addDays(today, 20);
    sandbox.ctx.db
      .prepare(
        `INSERT INTO custom_rates (listing_svc_id, start_date, end_date, price_type, price_value, expires_at, created_at)
         VALUES (?, ?, ?, 'fixed', 321, ?, ?)`,
      )
      .run(listing.svc_id, date, date, `${today}T00:00:00Z`, `${today}T00:00:00Z`);
    try {
      const res = await get(svcPath(listing, "price_recommendations", `start_date=${date}&end_date=${date}`));
      expect(res.json.recommendations[0].custom_type).toBeNull();
    } finally {
      sandbox.ctx.db.prepare(`DELETE FROM custom_rates WHERE listing_svc_id = ?`).run(listing.svc_id);
    }
  });
});

describe("price calendar", () => {
  it("price calendar: nights agree with calendar_nights and every booked night's reservation exists, Accepted, covering it", async () => {
    const res = await get(svcPath(listing, "price_calendar"));
    const body = endpoints["listings.priceCalendar"].response.parse(res.json);
    expect(body.start_date).toBe(today);
    expect(body.end_date).toBe(addDays(today, 90));
    expect(body.currency).toBe(listing.currency);
    const stored = rows<{
      date: string;
      price: number;
      min_stay: number;
      available: number;
      reservation_id: string | null;
    }>(
      sandbox,
      `SELECT date, price, min_stay, available, reservation_id FROM calendar_nights
       WHERE listing_svc_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
      listing.svc_id,
      body.start_date,
      body.end_date,
    );
    expect(body.nights).toHaveLength(91);
    expect(body.nights.map((n) => [n.date, n.price, n.min_stay, n.available])).toEqual(
      stored.map((n) => [n.date, n.price, n.min_stay, n.available === 1]),
    );
    const booked = body.nights.filter((n) => n.is_booked);
    expect(booked.length).toBeGreaterThan(10);
    for (const night of booked) {
      expect(typeof night.reservation_id).toBe("string");
      const [reservation] = rows<{ status: string; check_in: string; check_out: string }>(
        sandbox,
        `SELECT status, check_in, check_out FROM reservations WHERE reservation_id = ? AND listing_svc_id = ?`,
        night.reservation_id,
        listing.svc_id,
      );
      expect(reservation, night.date).toBeDefined();
      expect(reservation!.status).toBe("Accepted");
      expect(reservation!.check_in <= night.date && night.date < reservation!.check_out).toBe(true);
    }
    for (const night of body.nights.filter((n) => !n.is_booked)) expect(night.reservation_id).toBeNull();
  });
});

describe("fee impact and minimum stays", () => {
  it("fee impact calendar: 1 + total_fee_percentage / 100 on every date, 1 without fee_adjustments", async () => {
    const range = `start_date=${today}&end_date=${addDays(today, 6)}`;
    const plain = await get(svcPath(listing, "fee_impact_calendar", range));
    const stored = (await get(`/preferences/${listing.svc_id}?channel=svc`)).json.fee_adjustments as {
      total_fee_percentage: number;
    } | null;
    const expected = stored ? 1 + stored.total_fee_percentage / 100 : 1;
    expect(plain.json.days).toHaveLength(7);
    for (const d of plain.json.days) expect(d.fee_multiplier).toBeCloseTo(expected, 4);
    const preferences = `/preferences/${listing.svc_id}?channel=svc`;
    const key = p.owner.keys.standard;
    const before = (await get(preferences)).json.fee_adjustments;
    const put = (value: unknown) =>
      call(sandbox, "PUT", preferences, { key, body: { fee_adjustments: value } });
    expect((await put({ total_fee_percentage: 12.5, auto_update: true })).status).toBe(200);
    try {
      const withFees = await get(svcPath(listing, "fee_impact_calendar", range));
      expect(withFees.json.days.map((d: { date: string }) => d.date)).toEqual(
        Array.from({ length: 7 }, (_, i) => addDays(today, i)),
      );
      for (const d of withFees.json.days) expect(d.fee_multiplier).toBe(1.125);
    } finally {
      expect((await put(before)).status).toBe(200);
    }
  });

  it("min-stay calendar: the calendar's min stay per date without a custom rate", async () => {
    const res = await get(
      svcPath(listing, "min_stay_calendar", `start_date=${today}&end_date=${addDays(today, 29)}`),
    );
    const stored = rows<{ date: string; min_stay: number }>(
      sandbox,
      `SELECT date, min_stay FROM calendar_nights WHERE listing_svc_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
      listing.svc_id,
      today,
      addDays(today, 29),
    );
    expect(res.json.days).toEqual(stored);
  });
});
