import {
  formatCompact,
  formatCount,
  formatCurrency,
  formatDecimal,
  formatPercent,
} from "@/lib/format/numbers";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * What each KPI means and how it reads, in one place, so the KPIs tab, the portfolio and the
 * ranking word a metric alike. A null metric is "not generated yet" everywhere: never 0.
 */

export const NOT_GENERATED = "not generated yet";

/**
 * Metrics about the nights still for sale. The past has none left to sell, so a past window
 * or period has no such figure to show: it "does not apply" there, whatever the service sent,
 * rather than reading "not generated yet" as if it were still to come.
 */
export const FORWARD_ONLY: ReadonlySet<KpiMetric> = new Set(["asking_rate"]);
export const NOT_APPLICABLE = "does not apply to the past";
/** Why, for a tooltip beside NOT_APPLICABLE. */
export const NOT_APPLICABLE_WHY =
  "Asking rate is the price of nights still open to book; past nights are no longer for sale.";

/** Whether `metric` has a figure for a window or period that lies in the past. */
export const appliesToPast = (metric: KpiMetric) => !FORWARD_ONLY.has(metric);

export type MetricUnit = "money" | "percent" | "count" | "nights" | "days";

export interface MetricDef {
  label: string;
  unit: MetricUnit;
  /** One sentence for tooltips and chart descriptions. */
  meaning: string;
}

export const METRIC_DEFS: Record<KpiMetric, MetricDef> = {
  revenue: {
    label: "Revenue",
    unit: "money",
    meaning: "Nightly revenue of booked nights, fees and taxes excluded.",
  },
  adr: { label: "ADR", unit: "money", meaning: "Average daily rate: revenue per booked night." },
  occupancy: { label: "Occupancy", unit: "percent", meaning: "Booked nights as a share of all nights." },
  occupancy_adjusted: {
    label: "Adjusted occupancy",
    unit: "percent",
    meaning: "Booked nights as a share of the nights not blocked by the host.",
  },
  revpar: { label: "RevPAR", unit: "money", meaning: "Revenue per night of the period, booked or not." },
  revpar_adjusted: {
    label: "Adjusted RevPAR",
    unit: "money",
    meaning: "Revenue per night not blocked by the host.",
  },
  asking_rate: {
    label: "Asking rate",
    unit: "money",
    meaning: "Average posted price of the nights still open to book; past nights are no longer for sale.",
  },
  nights_booked: { label: "Nights booked", unit: "count", meaning: "Nights taken by standing reservations." },
  nights_available: {
    label: "Nights available",
    unit: "count",
    meaning: "Nights not blocked by the host, booked or open.",
  },
  nights_blocked: { label: "Nights blocked", unit: "count", meaning: "Nights the host closed." },
  nights_percent_open: {
    // A share, not a count: "Nights open" beside "Nights booked" read as a number of nights.
    label: "Share of nights open",
    unit: "percent",
    meaning: "Share of the nights still free to book.",
  },
  length_of_stay: {
    label: "Length of stay",
    unit: "nights",
    meaning: "Average nights per stay checking in.",
  },
  booking_window: {
    label: "Booking window",
    unit: "days",
    meaning: "Average days between booking and check-in.",
  },
};

const ONE_DECIMAL = { minDigits: 1, maxDigits: 1 } as const;

/** Whole currency units for totals, cents for per-night amounts. */
const WHOLE_MONEY: ReadonlySet<KpiMetric> = new Set(["revenue"]);

/** One value in words with its unit; null reads "not generated yet". */
export function formatMetric(metric: KpiMetric, value: number | null, currency: string): string {
  if (value === null) return NOT_GENERATED;
  const { unit } = METRIC_DEFS[metric];
  switch (unit) {
    case "money": {
      const digits = WHOLE_MONEY.has(metric) ? 0 : 2;
      return formatCurrency(value, currency, { minDigits: digits, maxDigits: digits });
    }
    case "percent":
      return formatPercent(value, ONE_DECIMAL);
    case "count":
      return formatCount(value);
    case "nights":
      return `${formatDecimal(value, ONE_DECIMAL)} ${value === 1 ? "night" : "nights"}`;
    case "days":
      return `${formatDecimal(value, ONE_DECIMAL)} ${value === 1 ? "day" : "days"}`;
  }
}

/** A short tick label for a chart axis: `$1.2k`, `61%`, `3.5`. */
export function formatAxisValue(metric: KpiMetric, value: number, currency: string): string {
  const { unit } = METRIC_DEFS[metric];
  if (unit === "percent") return `${Math.round(value)}%`;
  if (unit === "money") {
    return formatCurrency(value, currency, { compact: true, minDigits: 0, maxDigits: 1 });
  }
  return formatCompact(value);
}

/** The metric's name with its unit, for titles: `ADR (USD)`, `Occupancy (%)`. */
export function metricTitle(metric: KpiMetric, currency: string): string {
  const { label, unit } = METRIC_DEFS[metric];
  const suffix = { money: currency, percent: "%", count: "nights", nights: "nights", days: "days" }[unit];
  return `${label} (${suffix})`;
}
