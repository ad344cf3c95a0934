import type { MonthlyKpis, QuarterlyKpis, YearlyKpis } from "@/lib/svc/schemas/kpis";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import { appliesToPast } from "@/lib/metrics/kpi-metrics";

/**
 * A listing's monthly, quarterly or yearly KPIs as one metric over time for the KPIs tab's
 * chart, each period marked past, in progress or only on the books, so the chart never reads
 * a forward booking as a result. A null metric is a gap, never 0.
 */

/** The metrics the KPIs tab's chart offers, in the order the picker lists them. */
export const CHART_METRICS = [
  "adr",
  "occupancy",
  "occupancy_adjusted",
  "revpar",
  "revenue",
  "asking_rate",
  "nights_percent_open",
  "length_of_stay",
  "booking_window",
] as const satisfies readonly KpiMetric[];
export type ChartMetric = (typeof CHART_METRICS)[number];

export type KpiPeriod = "monthly" | "quarterly" | "yearly";
export const KPI_PERIODS: readonly KpiPeriod[] = ["monthly", "quarterly", "yearly"];

/**
 * Where a period stands against today: `past` periods are over, the `current` one mixes
 * stays that happened with stays on the books, `forward` ones are only on the books.
 */
export type KpiPhase = "past" | "current" | "forward";

/** The key of the period holding `date` (`YYYY-MM-DD`): `YYYY-MM`, `YYYY-Qn` or `YYYY`. */
export function periodKeyOf(date: string, period: KpiPeriod): string {
  if (period === "monthly") return date.slice(0, 7);
  if (period === "yearly") return date.slice(0, 4);
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
}

/** Keys of one kind sort in time order as strings. */
export function periodPhase(key: string, period: KpiPeriod, today: string): KpiPhase {
  const current = periodKeyOf(today, period);
  return key < current ? "past" : key === current ? "current" : "forward";
}

/** The period after `key`. */
export function nextPeriodKey(key: string, period: KpiPeriod): string {
  const year = Number(key.slice(0, 4));
  if (period === "yearly") return String(year + 1);
  if (period === "monthly") {
    const month = Number(key.slice(5, 7));
    return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  }
  const quarter = Number(key.slice(6));
  return quarter === 4 ? `${year + 1}-Q1` : `${year}-Q${quarter + 1}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `Nov 2026`, `Q4 2026`, `2026`. */
export function periodLabel(key: string, period: KpiPeriod): string {
  if (period === "monthly") return `${MONTHS[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}`;
  if (period === "quarterly") return `${key.slice(5)} ${key.slice(0, 4)}`;
  return key;
}

export type PeriodKpis = MonthlyKpis | QuarterlyKpis | YearlyKpis;
type MetricValues = Record<KpiMetric, number | null>;

/** The rows of any period answer as `{key, values}`, whichever field names the period. */
export function periodRows(answer: PeriodKpis): Array<{ key: string; values: MetricValues }> {
  if ("months" in answer) return answer.months.map((row) => ({ key: row.month, values: row }));
  if ("quarters" in answer) return answer.quarters.map((row) => ({ key: row.quarter, values: row }));
  return answer.years.map((row) => ({ key: row.year, values: row }));
}

export interface KpiPoint {
  /** The period's key (`2026-11`, `2026-Q4`, `2026`). */
  period: string;
  label: string;
  /** Null when the service has not generated it: a gap, never 0. */
  value: number | null;
  phase: KpiPhase;
  /**
   * The metric has no figure for this period whatever the service sent: a past period of a
   * metric of nights still for sale (asking rate). The value is then null.
   */
  notApplicable?: boolean;
}

/**
 * One metric over the periods of an answer, oldest first. A period missing between two the
 * service answered is kept as a null point so the time axis stays even; periods outside the
 * answered span are not invented.
 */
export function kpiSeries(
  answer: PeriodKpis,
  period: KpiPeriod,
  metric: KpiMetric,
  today: string,
): KpiPoint[] {
  const rows = periodRows(answer)
    .slice()
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (rows.length === 0) return [];
  const byKey = new Map(rows.map((row) => [row.key, row.values]));
  const last = rows[rows.length - 1]!.key;
  const points: KpiPoint[] = [];
  // Bounded: never more steps than the span between the first and last answered period.
  for (let key = rows[0]!.key; key <= last; key = nextPeriodKey(key, period)) {
    const phase = periodPhase(key, period, today);
    const point: KpiPoint = { period: key, label: periodLabel(key, period), value: null, phase };
    if (phase === "past" && !appliesToPast(metric)) point.notApplicable = true;
    else point.value = byKey.get(key)?.[metric] ?? null;
    points.push(point);
  }
  return points;
}

/** Words for a phase, as the legend and the figures table say them. */
export const PHASE_LABELS: Record<KpiPhase, string> = {
  past: "Past",
  current: "In progress",
  forward: "Forward (on the books)",
};
