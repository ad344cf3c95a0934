import type { AggregatedMetrics, Granularity, SeriesPoint } from "@/lib/svc/schemas/set-analytics";

/**
 * The paid set analytics reshaped for charts: monthly rows become one series per metric, time
 * series become p25–p75 band rows, so a chart draws what it is given. A null stays null (no
 * data yet), never 0.
 */

/** The four monthly charts of the aggregated metrics, in the order they are shown. */
export const AGGREGATE_CHART_METRICS = ["adr", "occupancy", "revpar", "revenue"] as const;
export type AggregateChartMetric = (typeof AGGREGATE_CHART_METRICS)[number];

export interface MonthPoint {
  month: string;
  /** "Dec 2025". */
  label: string;
  value: number | null;
  listingCount: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-12" → "Dec 2025". */
export function monthLabel(month: string): string {
  const index = Number(month.slice(5, 7)) - 1;
  return `${MONTHS[index] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}

/** Each charted metric as its own series of months, oldest first, in the service's order. */
export function aggregatedSeries(
  metrics: Pick<AggregatedMetrics, "months">,
): Record<AggregateChartMetric, MonthPoint[]> {
  const series = {} as Record<AggregateChartMetric, MonthPoint[]>;
  for (const metric of AGGREGATE_CHART_METRICS) {
    series[metric] = metrics.months.map((row) => ({
      month: row.month,
      label: monthLabel(row.month),
      value: row[metric],
      listingCount: row.listing_count,
    }));
  }
  return series;
}

/** True when at least one point carries a value: otherwise the chart says why it is empty. */
export function hasValues(points: ReadonlyArray<{ value: number | null }>): boolean {
  return points.some((p) => p.value !== null);
}

// ---------------------------------------------------------------------------------------
// Time series → the p25–p75 band with the median
// ---------------------------------------------------------------------------------------

export interface BandPoint {
  date: string;
  label: string;
  /** [p25, p75] for a ranged Area; null where either end is missing (a gap). */
  band: [number, number] | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  /** The mean across members. */
  mean: number | null;
}

/** A period's label: its day, the week it starts, or its month. */
export function periodLabel(date: string, granularity: Granularity): string {
  const month = MONTHS[Number(date.slice(5, 7)) - 1] ?? date.slice(5, 7);
  const day = String(Number(date.slice(8, 10)));
  if (granularity === "month") return `${month} ${date.slice(0, 4)}`;
  if (granularity === "week") return `Week of ${day} ${month}`;
  return `${day} ${month}`;
}

export function bandSeries(points: readonly SeriesPoint[], granularity: Granularity): BandPoint[] {
  return points.map((p) => ({
    date: p.date,
    label: periodLabel(p.date, granularity),
    band: p.p25 !== null && p.p75 !== null ? [p.p25, p.p75] : null,
    p25: p.p25,
    p50: p.p50,
    p75: p.p75,
    mean: p.value,
  }));
}

export function bandHasValues(points: readonly BandPoint[]): boolean {
  return points.some((p) => p.p50 !== null || p.band !== null);
}
