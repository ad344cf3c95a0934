import { todayUtc } from "@/lib/format/dates";
import { periodPhase, type KpiPhase } from "@/lib/metrics/kpi-series";
import {
  AGGREGATE_CHART_METRICS,
  monthLabel,
  type AggregateChartMetric,
} from "@/lib/metrics/aggregate-series";
import type { AggregatedMetrics } from "@/lib/svc/schemas/set-analytics";

/**
 * A segment's monthly metrics for its page: one request covers the past year and the year
 * ahead; each month is placed against today (past, in progress, forward) so forward months,
 * which count only what is on the books, are drawn apart. A null stays null: no data, never 0.
 */

/** Months before and after the current one that the segment page asks for. */
export const MONTHS_BACK = 12;
export const MONTHS_AHEAD = 11;

/** "2026-11" moved by `by` months (negative: back). */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The aggregated_metrics month range: twelve months back to eleven ahead of today's month. */
export function segmentMonthRange(today: string = todayUtc()): { start_month: string; end_month: string } {
  const month = today.slice(0, 7);
  return { start_month: shiftMonth(month, -MONTHS_BACK), end_month: shiftMonth(month, MONTHS_AHEAD) };
}

export interface PhasedMonthPoint {
  month: string;
  label: string;
  value: number | null;
  phase: KpiPhase;
  listingCount: number;
}

/** Each charted metric as its own series of months, oldest first, each month placed against today. */
export function segmentSeries(
  metrics: Pick<AggregatedMetrics, "months">,
  today: string = todayUtc(),
): Record<AggregateChartMetric, PhasedMonthPoint[]> {
  const series = {} as Record<AggregateChartMetric, PhasedMonthPoint[]>;
  const months = [...metrics.months].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  for (const metric of AGGREGATE_CHART_METRICS) {
    series[metric] = months.map((row) => ({
      month: row.month,
      label: monthLabel(row.month),
      value: row[metric],
      phase: periodPhase(row.month, "monthly", today),
      listingCount: row.listing_count,
    }));
  }
  return series;
}

/** The segment's listings as shown, one row each (the columns every listing CSV shares). */
export { listingsCsv } from "@/lib/listings/csv";
