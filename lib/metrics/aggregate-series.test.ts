import { describe, expect, it } from "vitest";
import { type AggregatedMetrics, type SeriesPoint } from "@/lib/svc/schemas/set-analytics";
import { METRIC_LEXICON } from "@/lib/svc/schemas/kpi-lexicon";
import {
  AGGREGATE_CHART_METRICS,
  aggregatedSeries,
  bandHasValues,
  bandSeries,
  hasValues,
  monthLabel,
  periodLabel,
} from "@/lib/metrics/aggregate-series";

type Month = AggregatedMetrics["months"][number];

function month(label: string, listingCount: number, values: Partial<Month> = {}): Month {
  const nulls = Object.fromEntries(METRIC_LEXICON.map((m) => [m, null])) as Omit<
    Month,
    "month" | "listing_count"
  >;
  return { month: label, listing_count: listingCount, ...nulls, ...values };
}

describe("aggregated metrics become one series per charted metric", () => {
  const months = [
    month("2025-12", 3, { adr: 210.5, occupancy: 71.2, revpar: 149.9, revenue: 4200 }),
    month("2026-01", 0),
    month("2026-02", 3, { adr: 190, occupancy: 64, revpar: 121.6, revenue: 3300 }),
  ];

  it("keeps the service's month order and labels each month", () => {
    const series = aggregatedSeries({ months });
    for (const metric of AGGREGATE_CHART_METRICS) {
      expect(series[metric].map((p) => p.month)).toEqual(["2025-12", "2026-01", "2026-02"]);
      expect(series[metric].map((p) => p.label)).toEqual(["Dec 2025", "Jan 2026", "Feb 2026"]);
    }
  });

  it("takes each metric's own value from each month", () => {
    const series = aggregatedSeries({ months });
    expect(series.adr.map((p) => p.value)).toEqual([210.5, null, 190]);
    expect(series.occupancy.map((p) => p.value)).toEqual([71.2, null, 64]);
    expect(series.revenue.map((p) => p.value)).toEqual([4200, null, 3300]);
    expect(series.revpar[0]!.listingCount).toBe(3);
  });

  it("keeps a month without data as null, never 0", () => {
    const series = aggregatedSeries({ months });
    expect(series.revpar[1]!.value).toBeNull();
    expect(hasValues(series.revpar)).toBe(true);
    expect(hasValues(aggregatedSeries({ months: [month("2026-01", 0)] }).adr)).toBe(false);
  });

  it("labels months by their number, whatever the year", () => {
    expect(monthLabel("2027-09")).toBe("Sep 2027");
  });
});

describe("time series become p25–p75 band rows", () => {
  const points: SeriesPoint[] = [
    { date: "2026-11-16", value: 200, p25: 150, p50: 190, p75: 240 },
    { date: "2026-11-23", value: null, p25: null, p50: null, p75: null },
    { date: "2026-11-30", value: 180, p25: null, p50: 175, p75: 210 },
  ];

  it("gives a band from p25 to p75 and keeps the median and the mean apart", () => {
    const [first] = bandSeries(points, "week");
    expect(first).toMatchObject({ band: [150, 240], p50: 190, mean: 200, label: "Week of 16 Nov" });
  });

  it("leaves a gap (null band) where a period has no data or a missing end", () => {
    const rows = bandSeries(points, "week");
    expect(rows[1]!.band).toBeNull();
    expect(rows[1]!.p50).toBeNull();
    expect(rows[2]!.band).toBeNull();
    expect(rows[2]!.p50).toBe(175);
  });

  it("says a series is empty only when no period has a value", () => {
    expect(bandHasValues(bandSeries(points, "day"))).toBe(true);
    expect(bandHasValues(bandSeries([points[1]!], "day"))).toBe(false);
  });

  it("labels periods by granularity", () => {
    expect(periodLabel("2026-11-01", "month")).toBe("Nov 2026");
    expect(periodLabel("2026-11-05", "day")).toBe("5 Nov");
  });
});
