import { describe, it, expect } from "vitest";
import {
  calendarDayHistory,
  calendarDayHistoryQuery,
  dateRangeQuery,
  feeImpactCalendar,
  neighborhoodPricingDay,
  priceCalendarNight,
  priceRecommendation,
} from "@/lib/svc/schemas/calendar";
import { TS, accepts, issuePaths, without } from "@/lib/svc/contract-test-support";
import { isoDate, isoMonth } from "@/lib/svc/schemas/common";

function sampleNight(overrides: Record<string, unknown> = {}) {
  return {
    date: "2026-12-01",
    price: 150,
    recommended_price: 140,
    min_stay: 2,
    available: true,
    is_booked: false,
    reservation_id: null,
    custom_rate: null,
    demand: "normal",
    ...overrides,
  };
}

describe("per-date listing data", () => {
  it("price calendar reservation_id is a string or null and implies a booked night", () => {
    const booked = { available: false, is_booked: true };
    expect(accepts(priceCalendarNight, sampleNight({ ...booked, reservation_id: "HM1" }))).toBe(true);
    expect(accepts(priceCalendarNight, sampleNight({ ...booked, reservation_id: 991 }))).toBe(false);
    expect(issuePaths(priceCalendarNight, sampleNight({ available: false, reservation_id: "HM1" }))).toEqual([
      "is_booked",
    ]);
  });

  it("a booked night is not available", () => {
    expect(issuePaths(priceCalendarNight, sampleNight({ is_booked: true }))).toEqual(["available"]);
  });

  it("per-date ranges cover at most 365 dates, both ends included", () => {
    expect(
      accepts(dateRangeQuery, { channel: "svc", start_date: "2026-01-01", end_date: "2026-12-31" }),
    ).toBe(true);
    expect(
      issuePaths(dateRangeQuery, { channel: "svc", start_date: "2026-01-01", end_date: "2027-01-01" }),
    ).toEqual(["end_date"]);
    expect(
      accepts(dateRangeQuery, { channel: "svc", start_date: "2026-02-01", end_date: "2026-01-31" }),
    ).toBe(false);
  });

  it("price recommendation custom_type is null for a service recommendation", () => {
    const rec = { date: "2026-12-01", price: 150, recommended_price: 150, custom_type: null, min_stay: null };
    expect(accepts(priceRecommendation, rec)).toBe(true);
    expect(accepts(priceRecommendation, { ...rec, custom_type: "percent" })).toBe(true);
    expect(accepts(priceRecommendation, { ...rec, custom_type: "custom" })).toBe(false);
    const withoutType = without(rec, "custom_type");
    expect(accepts(priceRecommendation, withoutType)).toBe(false);
  });

  it("calendar_day_history is asked for one stay date and its reservation_id is a string", () => {
    expect(issuePaths(calendarDayHistoryQuery, { channel: "svc" })).toEqual(["date"]);
    const snapshot = {
      captured_at: TS,
      price: 100,
      recommended_price: 100,
      min_stay: 1,
      available: false,
      is_booked: true,
      reservation_id: 5,
    };
    const history = {
      listing_id: "L1",
      date: "2026-12-01",
      currency: "USD",
      postings: [],
      snapshots: [snapshot],
    };
    expect(accepts(calendarDayHistory, history)).toBe(false);
    expect(
      accepts(calendarDayHistory, { ...history, snapshots: [{ ...snapshot, reservation_id: "5" }] }),
    ).toBe(true);
  });

  it("a failed posting says why", () => {
    const posting = {
      posted_at: TS,
      price: 100,
      min_stay: null,
      outcome: "failed",
      trigger: "sync",
      error: null,
    };
    const history = {
      listing_id: "L1",
      date: "2026-12-01",
      currency: "USD",
      postings: [posting],
      snapshots: [],
    };
    expect(issuePaths(calendarDayHistory, history)).toEqual(["postings.0.error"]);
  });

  it("neighborhood percentiles are ordered p25 <= median <= p75", () => {
    const day = { date: "2026-12-01", median_price: 150, p25_price: 110, p75_price: 190, listing_count: 40 };
    expect(accepts(neighborhoodPricingDay, day)).toBe(true);
    expect(accepts(neighborhoodPricingDay, { ...day, p25_price: 160 })).toBe(false);
    expect(accepts(neighborhoodPricingDay, { ...day, median_price: null })).toBe(true);
  });

  it("a fee multiplier is never negative", () => {
    const calendar = (fee_multiplier: number) => ({
      listing_id: "L1",
      days: [{ date: "2026-12-01", fee_multiplier }],
    });
    expect(accepts(feeImpactCalendar, calendar(1.14))).toBe(true);
    expect(accepts(feeImpactCalendar, calendar(-0.1))).toBe(false);
  });
});

describe("dates and months name days that exist", () => {
  it("isoDate refuses days that match the pattern but do not exist, and takes leap days", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "2026-00-10", "2026-04-31", "2027-02-29"]) {
      expect(isoDate.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ["2028-02-29", "2026-12-31", "2026-01-01"]) {
      expect(isoDate.safeParse(good).success, good).toBe(true);
    }
  });

  it("isoMonth refuses months 00 and 13", () => {
    expect(isoMonth.safeParse("2026-13").success).toBe(false);
    expect(isoMonth.safeParse("2026-00").success).toBe(false);
    expect(isoMonth.safeParse("2026-12").success).toBe(true);
  });
});
