import { describe, expect, it } from "vitest";
import type { AggregatedMetrics } from "@/lib/svc/schemas/set-analytics";
import { METRIC_LEXICON } from "@/lib/svc/schemas/kpi-lexicon";
import { segmentMonthRange, segmentSeries, shiftMonth } from "@/lib/segments/metrics";

const emptyRow = Object.fromEntries(METRIC_LEXICON.map((m) => [m, null])) as Record<
  (typeof METRIC_LEXICON)[number],
  number | null
>;

const metrics: AggregatedMetrics = {
  currency: "EUR",
  months: [
    { month: "2026-12", listing_count: 3, ...emptyRow, adr: 150, occupancy: 40, revpar: 60, revenue: 5400 },
    {
      month: "2026-10",
      listing_count: 3,
      ...emptyRow,
      adr: 120.5,
      occupancy: 70,
      revpar: 84.35,
      revenue: 7800,
    },
    { month: "2026-11", listing_count: 0, ...emptyRow },
  ],
};

describe("the segment's month range", () => {
  it("asks for the twelve months before the current one through eleven after it", () => {
    expect(segmentMonthRange("2026-11-21")).toEqual({ start_month: "2025-11", end_month: "2027-10" });
    expect(segmentMonthRange("2026-01-05")).toEqual({ start_month: "2025-01", end_month: "2026-12" });
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
  });
});

describe("the monthly series", () => {
  it("orders months, places each against today and keeps a missing figure as null, never 0", () => {
    const series = segmentSeries(metrics, "2026-11-21");
    expect(series.adr.map((p) => [p.month, p.value, p.phase])).toEqual([
      ["2026-10", 120.5, "past"],
      ["2026-11", null, "current"],
      ["2026-12", 150, "forward"],
    ]);
    expect(series.revenue.map((p) => p.label)).toEqual(["Oct 2026", "Nov 2026", "Dec 2026"]);
    expect(Object.keys(series)).toEqual(["adr", "occupancy", "revpar", "revenue"]);
  });
});
