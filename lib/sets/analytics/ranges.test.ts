import { describe, expect, it } from "vitest";
import { monthRangeQuery, seriesRangeQuery } from "@/lib/sets/analytics/ranges";

describe("ranges become service queries", () => {
  it("leaves the next 90 days to the service's default dates", () => {
    expect(seriesRangeQuery("next-90", "2026-11-21")).toEqual({ granularity: "day" });
  });

  it("asks weekly points for the past 26 weeks up to today", () => {
    const query = seriesRangeQuery("past-26-weeks", "2026-11-21");
    expect(query).toEqual({ start_date: "2026-05-23", end_date: "2026-11-21", granularity: "week" });
  });

  it("asks monthly points from the first day of the month eleven months back", () => {
    expect(seriesRangeQuery("past-12-months", "2026-02-10")).toEqual({
      start_date: "2025-03-01",
      end_date: "2026-02-10",
      granularity: "month",
    });
  });

  it("leaves the past twelve months to the service's default and counts the next twelve from this month", () => {
    expect(monthRangeQuery("past-12", "2026-11-21")).toEqual({});
    expect(monthRangeQuery("next-12", "2026-11-21")).toEqual({
      start_month: "2026-11",
      end_month: "2027-10",
    });
  });
});

describe("the next twelve months, monthly (where my listings' monthly lines can be drawn)", () => {
  it("runs from this month's first day to the last day of the eleventh month after it", () => {
    expect(seriesRangeQuery("next-12-months", "2026-11-25")).toEqual({
      start_date: "2026-11-01",
      end_date: "2027-10-31",
      granularity: "month",
    });
  });
});
