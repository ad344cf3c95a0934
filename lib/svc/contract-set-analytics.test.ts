import { describe, expect, it } from "vitest";
import {
  aggregatedMetrics,
  METRIC_LEXICON,
  setCalendarNight,
  setChangelogEntry,
  setPriceCalendar,
  setPriceCalendarQuery,
  setTimeSeriesQuery,
} from "@/lib/svc/schemas/set-analytics";
import { byId, ok } from "@/lib/svc/contract-test-support";

const night = {
  date: "2026-12-01",
  price: 120,
  available: false,
  booking_probability_percent: 70,
  min_stay: 2,
};

describe("set price calendar", () => {
  it("set price calendar nights reject is_booked and reservation_id", () => {
    expect(ok(setCalendarNight, night)).toBe(true);
    expect(ok(setCalendarNight, { ...night, is_booked: true })).toBe(false);
    expect(ok(setCalendarNight, { ...night, reservation_id: "HM123" })).toBe(false);
    const calendar = {
      currency: "EUR",
      start_date: "2026-12-01",
      end_date: "2026-12-01",
      listings: [{ listing_id: "ml_1", name: "Loft", nights: [{ ...night, is_booked: false }] }],
    };
    expect(ok(setPriceCalendar, calendar)).toBe(false);
    expect(
      ok(setPriceCalendar, { ...calendar, listings: [{ ...calendar.listings[0], nights: [night] }] }),
    ).toBe(true);
  });

  it("booking_probability_percent is an integer 0..90", () => {
    expect(ok(setCalendarNight, { ...night, booking_probability_percent: 90 })).toBe(true);
    expect(ok(setCalendarNight, { ...night, booking_probability_percent: 91 })).toBe(false);
    expect(ok(setCalendarNight, { ...night, booking_probability_percent: 55.5 })).toBe(false);
  });

  it("an available night reports 0 and an unavailable one 10 to 90", () => {
    expect(ok(setCalendarNight, { ...night, available: true, booking_probability_percent: 0 })).toBe(true);
    expect(ok(setCalendarNight, { ...night, available: true, booking_probability_percent: 30 })).toBe(false);
    expect(ok(setCalendarNight, { ...night, available: false, booking_probability_percent: 10 })).toBe(true);
    expect(ok(setCalendarNight, { ...night, available: false, booking_probability_percent: 9 })).toBe(false);
  });

  it("the calendar holds at most 25 listings", () => {
    const listings = Array.from({ length: 26 }, (_, i) => ({ listing_id: `ml_${i}`, name: "x", nights: [] }));
    const calendar = { currency: "EUR", start_date: "2026-12-01", end_date: "2026-12-31", listings };
    expect(ok(setPriceCalendar, calendar)).toBe(false);
    expect(ok(setPriceCalendar, { ...calendar, listings: listings.slice(0, 25) })).toBe(true);
  });

  it("the query covers at most 365 nights and end_date is not before start_date", () => {
    expect(ok(setPriceCalendarQuery, { start_date: "2026-01-01", end_date: "2026-12-31" })).toBe(true); // 365
    expect(ok(setPriceCalendarQuery, { start_date: "2026-01-01", end_date: "2027-01-01" })).toBe(false); // 366
    expect(ok(setPriceCalendarQuery, { start_date: "2026-02-01", end_date: "2026-01-31" })).toBe(false);
    expect(ok(setPriceCalendarQuery, { currency: "eur" })).toBe(false);
  });
});

describe("set analytics", () => {
  it("aggregated metrics months carry month, listing_count and every lexicon metric", () => {
    const month = {
      month: "2026-10",
      listing_count: 12,
      ...Object.fromEntries(METRIC_LEXICON.map((m) => [m, 1])),
    };
    expect(ok(aggregatedMetrics, { currency: "EUR", months: [month] })).toBe(true);
    const short: Record<string, unknown> = { ...month };
    delete short.booking_window;
    expect(ok(aggregatedMetrics, { currency: "EUR", months: [short] })).toBe(false);
    expect(ok(byId("sets.aggregatedMetrics").query, { start_month: "2026-10", end_month: "2026-01" })).toBe(
      false,
    );
    expect(ok(byId("segments.aggregatedMetrics").query, { include_managed_listings: "true" })).toBe(true);
  });

  it("time series takes a member metric and a day, week or month granularity", () => {
    expect(ok(setTimeSeriesQuery, { metric: "adr", granularity: "week" })).toBe(true);
    expect(ok(setTimeSeriesQuery, { metric: "adr", granularity: "year" })).toBe(false);
    expect(ok(setTimeSeriesQuery, { granularity: "day" })).toBe(false);
  });

  it("distribution window is a member metric suffix", () => {
    const q = byId("sets.distribution").query;
    expect(ok(q, { metric: "revpar", window: "0_90" })).toBe(true);
    expect(ok(q, { metric: "revpar", window: "7_0" })).toBe(false);
  });

  it("changelog rows name a known action; actor is null for the service's own syncs", () => {
    const row = { id: "chg_1", at: "2026-11-01T09:00:00Z", actor: null, action: "synced", details: {} };
    expect(ok(setChangelogEntry, row)).toBe(true);
    expect(ok(setChangelogEntry, { ...row, action: "renamed" })).toBe(false);
    expect(
      ok(setChangelogEntry, { ...row, actor: { user_id: "usr_1", email: "a@b.co" }, listing_ids: ["ml_1"] }),
    ).toBe(true);
  });
});
