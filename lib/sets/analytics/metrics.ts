import type { LexiconMetric } from "../../svc/schemas/set-analytics";
import type { SetMetric } from "../../svc/schemas/kpi-lexicon";

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
  nights_percent_open: { label: "Nights open", kind: "percent" },
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

/**
 * Number formats, made once per option set: building an Intl.NumberFormat costs far more than
 * formatting with one, and a chart's table formats hundreds of cells at a time.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", options);
    numberFormats.set(key, format);
  }
  return format;
}

/** One value in words, with its unit; null reads as "No data yet", never as 0. */
export function formatMetric(metric: LexiconMetric, value: number | null, currency: string): string {
  if (value === null) return NO_DATA;
  const kind = METRIC_INFO[metric].kind;
  if (kind === "money") {
    return numberFormat({
      style: "currency",
      currency,
      maximumFractionDigits: Math.abs(value) >= 1000 ? 0 : 2,
    }).format(value);
  }
  const number = numberFormat({ maximumFractionDigits: 2 }).format(value);
  if (kind === "percent") return `${number} %`;
  return `${number} ${kind === "days" ? "days" : "nights"}`;
}

/** Axis ticks: short (compact thousands), the unit in the axis title instead. */
export function formatTick(value: number): string {
  return numberFormat({ notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/** The metrics the time-series and distribution pickers offer (a set compares member metrics). */
export function setMetricLabel(metric: SetMetric): string {
  return METRIC_INFO[metric].label;
}
