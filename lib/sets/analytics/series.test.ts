import { describe, expect, it } from "vitest";
import { METRIC_LEXICON, type AggregatedMetrics, type SeriesPoint } from "../../svc/schemas/set-analytics";
import {
  AGGREGATE_CHART_METRICS,
  aggregatedSeries,
  bandHasValues,
  bandSeries,
  formatMetric,
  hasValues,
  histogram,
  metricTitle,
  monthLabel,
  monthRangeQuery,
  myListingValues,
  NO_DATA,
  periodLabel,
  seriesRangeQuery,
} from "./series";

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

describe("the distribution marks where my associated listings fall", () => {
  const distribution = {
    buckets: [
      { lower: 100, upper: 150, count: 2 },
      { lower: 150, upper: 200, count: 1 },
      { lower: 200, upper: 250, count: 2 },
    ],
    listing_values: [
      { listing_id: "m1", value: 100 },
      { listing_id: "m2", value: 140 },
      { listing_id: "m3", value: 150 },
      { listing_id: "m4", value: 210 },
      { listing_id: "m5", value: 250 },
      { listing_id: "m6", value: null },
    ],
  };
  const mine = (listingId: string, value: number | null) => ({ listingId, name: `My ${listingId}`, value });

  it("puts a listing on the bucket with lower ≤ value < upper", () => {
    const result = histogram(distribution, [mine("a", 150), mine("b", 149.99)]);
    expect(result.bars[1]!.mine.map((m) => m.listingId)).toEqual(["a"]);
    expect(result.bars[0]!.mine.map((m) => m.listingId)).toEqual(["b"]);
  });

  it("puts the highest edge in the last bucket", () => {
    const result = histogram(distribution, [mine("top", 250)]);
    expect(result.bars[2]!.mine.map((m) => m.listingId)).toEqual(["top"]);
    expect(result.above).toEqual([]);
  });

  it("keeps listings outside the members' range off the bars, below or above", () => {
    const result = histogram(distribution, [mine("low", 80), mine("high", 300)]);
    expect(result.below.map((m) => m.listingId)).toEqual(["low"]);
    expect(result.above.map((m) => m.listingId)).toEqual(["high"]);
    expect(result.bars.every((b) => b.mine.length === 0)).toBe(true);
  });

  it("counts the members below each of my listings, members without a value left out", () => {
    const result = histogram(distribution, [mine("a", 200), mine("high", 300)]);
    const a = result.bars[2]!.mine[0]!;
    expect(a).toMatchObject({ membersBelow: 3, membersWithValue: 5 });
    expect(result.above[0]).toMatchObject({ membersBelow: 5, membersWithValue: 5 });
    expect(result.membersWithValue).toBe(5);
  });

  it("lists my listings without a value as unknown, not as 0", () => {
    const result = histogram(distribution, [mine("none", null)]);
    expect(result.unknown.map((m) => m.listingId)).toEqual(["none"]);
    expect(result.below).toEqual([]);
  });

  it("keeps the bars' counts as the service sent them", () => {
    expect(histogram(distribution, []).bars.map((b) => b.count)).toEqual([2, 1, 2]);
  });

  it("places no listing on a bar when there are no buckets", () => {
    const result = histogram({ buckets: [], listing_values: [] }, [mine("a", 10)]);
    expect(result.bars).toEqual([]);
    expect(result.below.map((m) => m.listingId)).toEqual(["a"]);
  });

  it("joins my associated listings with the portfolio ranking by svc id", () => {
    const values = myListingValues(
      [
        { svc_id: "1", name: "One" },
        { svc_id: "2", name: "Two" },
        { svc_id: "3", name: "Three" },
      ],
      [
        { listing_id: "2", value: 120 },
        { listing_id: "1", value: null },
        { listing_id: "9", value: 50 },
      ],
    );
    expect(values).toEqual([
      { listingId: "1", name: "One", value: null },
      { listingId: "2", name: "Two", value: 120 },
      { listingId: "3", name: "Three", value: null },
    ]);
  });
});

describe("values read with their unit", () => {
  it("shows money in the set's currency", () => {
    expect(formatMetric("adr", 243.5, "USD")).toBe("$243.50");
    expect(formatMetric("revenue", 8075.39, "EUR")).toBe("€8,075");
  });

  it("shows percentages and nights with their words", () => {
    expect(formatMetric("occupancy", 75.8, "USD")).toBe("75.8 %");
    expect(formatMetric("nights_booked", 12, "USD")).toBe("12 nights");
  });

  it("never shows a null as 0", () => {
    expect(formatMetric("adr", null, "USD")).toBe(NO_DATA);
    expect(formatMetric("occupancy", 0, "USD")).toBe("0 %");
  });

  it("puts the currency in money titles and the unit in others", () => {
    expect(metricTitle("revpar", "GBP")).toBe("RevPAR (GBP)");
    expect(metricTitle("occupancy", "GBP")).toBe("Occupancy (%)");
  });
});
