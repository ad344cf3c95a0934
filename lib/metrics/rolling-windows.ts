import { KPI_PERIOD_DAYS, type KpiMetric, type KpiWindow } from "@/lib/svc/schemas/kpi-lexicon";
import type { RollingKpis } from "@/lib/svc/schemas/kpis";

/**
 * The rolling KPIs answer as a past-vs-next table: one flat object of `metric_back_forward`
 * fields is unreadable as is, a row per metric with each window's past and next side by side is.
 */

/** The rolling table's rows: money first, then occupancy, then nights and stays. */
export const ROLLING_METRICS = [
  "revenue",
  "adr",
  "revpar",
  "revpar_adjusted",
  "asking_rate",
  "occupancy",
  "occupancy_adjusted",
  "nights_percent_open",
  "nights_booked",
  "nights_available",
  "nights_blocked",
  "length_of_stay",
  "booking_window",
] as const satisfies readonly KpiMetric[];

export function windowLabel(window: KpiWindow): string {
  const [back, forward] = window.split("_").map(Number) as [number, number];
  return back > 0 ? `Past ${back} days` : `Next ${forward} days`;
}

export interface RollingCell {
  days: number;
  past: number | null;
  next: number | null;
}

export interface RollingRow {
  metric: KpiMetric;
  cells: RollingCell[];
}

/** The rolling answer as metric rows, each window's past and next value side by side. */
export function rollingTable(
  rolling: RollingKpis,
  days: readonly number[] = KPI_PERIOD_DAYS,
  metrics: readonly KpiMetric[] = ROLLING_METRICS,
): RollingRow[] {
  const valueOf = (metric: KpiMetric, window: string) =>
    (rolling as unknown as Record<string, number | null | undefined>)[`${metric}_${window}`] ?? null;
  return metrics.map((metric) => ({
    metric,
    cells: days.map((d) => ({ days: d, past: valueOf(metric, `${d}_0`), next: valueOf(metric, `0_${d}`) })),
  }));
}
