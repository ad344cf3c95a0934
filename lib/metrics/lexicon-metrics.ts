import { formatCompact, formatCurrency, formatDecimal, formatPercent } from "@/lib/format/numbers";
import type { LexiconMetric } from "@/lib/svc/schemas/set-analytics";
import type { SetMetric } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * What a set metric is called and how its values read, so every chart, table and picker of
 * the set analytics words a metric alike; a null reads "No data yet", never 0.
 */

export type MetricKind = "money" | "percent" | "nights" | "days";

export const METRIC_INFO: Record<LexiconMetric, { label: string; kind: MetricKind }> = {
  adr: { label: "ADR", kind: "money" },
  asking_rate: { label: "Asking rate", kind: "money" },
  revenue: { label: "Revenue", kind: "money" },
  revpar: { label: "RevPAR", kind: "money" },
  revpar_adjusted: { label: "Adjusted RevPAR", kind: "money" },
  occupancy: { label: "Occupancy", kind: "percent" },
  occupancy_adjusted: { label: "Adjusted occupancy", kind: "percent" },
  nights_booked: { label: "Nights booked", kind: "nights" },
  nights_available: { label: "Nights available", kind: "nights" },
  nights_blocked: { label: "Nights blocked", kind: "nights" },
  nights_percent_open: { label: "Share of nights open", kind: "percent" },
  length_of_stay: { label: "Length of stay", kind: "nights" },
  booking_window: { label: "Booking window", kind: "days" },
};

/** The unit a chart's title and axis carry: the currency for money, else the kind's word. */
export function metricUnit(metric: LexiconMetric, currency: string): string {
  const kind = METRIC_INFO[metric].kind;
  return kind === "money" ? currency : kind === "percent" ? "%" : kind;
}

/** "ADR (USD)", "Occupancy (%)", "Nights booked (nights)". */
export function metricTitle(metric: LexiconMetric, currency: string): string {
  return `${METRIC_INFO[metric].label} (${metricUnit(metric, currency)})`;
}

/** What a null value means on these pages: the service has no figure for it (yet). */
export const NO_DATA = "No data yet";

/** One value in words, with its unit; null reads as "No data yet", never as 0. */
export function formatMetric(metric: LexiconMetric, value: number | null, currency: string): string {
  if (value === null) return NO_DATA;
  const kind = METRIC_INFO[metric].kind;
  if (kind === "money")
    return formatCurrency(value, currency, { maxDigits: Math.abs(value) >= 1000 ? 0 : 2 });
  if (kind === "percent") return formatPercent(value, { maxDigits: 2, spaced: true });
  return `${formatDecimal(value, { maxDigits: 2 })} ${kind === "days" ? "days" : "nights"}`;
}

/** Axis ticks: short (compact thousands), the unit in the axis title instead. */
export function formatTick(value: number): string {
  return formatCompact(value);
}

/** The metrics the time-series and distribution pickers offer (a set compares member metrics). */
export function setMetricLabel(metric: SetMetric): string {
  return METRIC_INFO[metric].label;
}
