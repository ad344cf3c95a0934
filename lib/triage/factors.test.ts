import { describe, expect, it } from "vitest";
import {
  atMinimumSubScore,
  basePriceSubScore,
  flagsOf,
  flagsSubScore,
  lastBookingSubScore,
  marketSubScore,
  paceSubScore,
  WEIGHTS,
} from "@/lib/triage/factors";

describe("each factor's sub-score", () => {
  it("pace: half of last year or fewer is 0, last year's or more is 100, linear between", () => {
    const pace = (otb: number, stly: number) => paceSubScore({ nights: 30, window: 30, otb, stly });
    expect(pace(0, 20)).toBe(0);
    expect(pace(10, 20)).toBe(0);
    expect(pace(11, 20)).toBeCloseTo(10);
    expect(pace(15, 20)).toBeCloseTo(50);
    expect(pace(19, 20)).toBeCloseTo(90);
    expect(pace(20, 20)).toBe(100);
    expect(pace(35, 20)).toBe(100);
  });
  it("pace is not measured without last year's nights", () => {
    expect(paceSubScore({ nights: 30, window: 30, otb: 5, stly: 0 })).toBeNull();
  });
  it("market: penetration of 50 % or under is 0, the market's or over is 100", () => {
    const market = (booked: number, sellable: number, marketOccupancy: number) =>
      marketSubScore({ booked, sellable, marketOccupancy });
    expect(market(6, 20, 60)).toBe(0); // 30 % against 60 %: 50 %
    expect(market(9, 20, 60)).toBeCloseTo(50); // 45 % against 60 %: 75 %
    expect(market(12, 20, 60)).toBe(100);
    expect(market(20, 20, 60)).toBe(100);
  });
  it("market is not measured without a night to sell or a market occupancy", () => {
    expect(marketSubScore({ booked: 0, sellable: 0, marketOccupancy: 60 })).toBeNull();
    expect(marketSubScore({ booked: 3, sellable: 10, marketOccupancy: 0 })).toBeNull();
  });
  it("last booking: within 7 days is 100, 60 days or none in the horizon is 0", () => {
    const last = (days: number | null, openNights = 10) =>
      lastBookingSubScore({ days, horizon: 90, openNights });
    expect(last(0)).toBe(100);
    expect(last(7)).toBe(100);
    expect(last(8)).toBeCloseTo(100 - 100 / 53);
    expect(last(60)).toBe(0);
    expect(last(80)).toBe(0);
    expect(last(null)).toBe(0);
  });
  it("last booking: a listing with no open night in the next 30 has nothing to sell and is 100", () => {
    expect(lastBookingSubScore({ days: null, horizon: 90, openNights: 0 })).toBe(100);
  });
  it("at minimum: none is 100, 15 nights or more is 0", () => {
    const at = (nights: number) =>
      atMinimumSubScore({ nights, floor: 80, source: "min_price", currency: "USD" });
    expect(at(0)).toBe(100);
    expect(at(3)).toBeCloseTo(80);
    expect(at(15)).toBe(0);
    expect(at(30)).toBe(0);
  });
  it("base price: within 5 % of the recommended is 100, 30 % away either way is 0", () => {
    const base = (actual: number) => basePriceSubScore({ actual, recommended: 100, currency: "USD" });
    expect(base(100)).toBe(100);
    expect(base(105)).toBe(100);
    expect(base(95)).toBe(100);
    expect(base(117.5)).toBeCloseTo(50);
    expect(base(70)).toBe(0);
    expect(base(140)).toBe(0);
  });
  it("flags: each takes off by severity, never under 0", () => {
    expect(flagsSubScore({ critical: 0, warning: 0, other: 0 })).toBe(100);
    expect(flagsSubScore({ critical: 0, warning: 1, other: 1 })).toBe(60);
    expect(flagsSubScore({ critical: 1, warning: 0, other: 0 })).toBe(40);
    expect(flagsSubScore({ critical: 2, warning: 0, other: 0 })).toBe(0);
  });
  it("flags are read tolerantly from the body as the service sent it", () => {
    expect(
      flagsOf([
        { code: "stale_calendar", severity: "critical", message: "x", detected_at: "2026-01-01T00:00:00Z" },
        { code: "a", severity: "warning" },
        { code: "b", severity: "info" },
        { code: "c", severity: "something_new" },
        "not a flag",
        null,
      ]),
    ).toEqual({ critical: 1, warning: 1, other: 2 });
    expect(flagsOf([])).toEqual({ critical: 0, warning: 0, other: 0 });
    expect(flagsOf({ flags: [{ severity: "warning" }] })).toEqual({ critical: 0, warning: 1, other: 0 });
    expect(flagsOf("nonsense")).toBeNull();
  });
  it("the weights add up to 100", () => {
    expect(Object.values(WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });
});
