import {
  KPI_PERIOD_DAYS,
  type KpiMetric,
  type KpiWindow,
  type MonthlyKpis,
  type QuarterlyKpis,
  type RollingKpis,
  type YearlyKpis,
} from "../../svc/schemas/kpis";

/**
 * A listing's KPIs reshaped for the KPIs tab and the portfolio: what each metric means and
 * how it reads, which periods are past or still on the books, the rolling past-vs-next table.
 * Pure and framework-free. A null metric is "not generated yet" everywhere: never 0.
 */

export const NOT_GENERATED = "not generated yet";

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
    meaning: "Average posted price of the nights still open.",
  },
  nights_booked: { label: "Nights booked", unit: "count", meaning: "Nights taken by standing reservations." },
  nights_available: {
    label: "Nights available",
    unit: "count",
    meaning: "Nights not blocked by the host, booked or open.",
  },
  nights_blocked: { label: "Nights blocked", unit: "count", meaning: "Nights the host closed." },
  nights_percent_open: {
    label: "Nights open",
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

/** Whole currency units for totals, cents for per-night amounts. */
const WHOLE_MONEY: ReadonlySet<KpiMetric> = new Set(["revenue"]);

/** One value in words with its unit; null reads "not generated yet". */
export function formatMetric(metric: KpiMetric, value: number | null, currency: string): string {
  if (value === null) return NOT_GENERATED;
  const { unit } = METRIC_DEFS[metric];
  switch (unit) {
    case "money": {
      const digits = WHOLE_MONEY.has(metric) ? 0 : 2;
      return new Intl.NumberFormat("en-US", {
        style: "currency",
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);
    }
    case "percent":
      return `${value.toFixed(1)}%`;
    case "count":
      return new Intl.NumberFormat("en-US").format(value);
    case "nights":
      return `${value.toFixed(1)} ${value === 1 ? "night" : "nights"}`;
    case "days":
      return `${value.toFixed(1)} ${value === 1 ? "day" : "days"}`;
  }
}

/** A short tick label for a chart axis: `$1.2k`, `61%`, `3.5`. */
export function formatAxisValue(metric: KpiMetric, value: number, currency: string): string {
  const { unit } = METRIC_DEFS[metric];
  if (unit === "percent") return `${Math.round(value)}%`;
  if (unit === "money") {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      notation: "compact",
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }).format(value);
  }
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

/** The metric's name with its unit, for titles: `ADR (USD)`, `Occupancy (%)`. */
export function metricTitle(metric: KpiMetric, currency: string): string {
  const { label, unit } = METRIC_DEFS[metric];
  const suffix = { money: currency, percent: "%", count: "nights", nights: "nights", days: "days" }[unit];
  return `${label} (${suffix})`;
}

// ------------------------------------------------------------------------ rolling windows

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

// ------------------------------------------------------------------------ calendar periods

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
    const value = byKey.get(key)?.[metric] ?? null;
    points.push({
      period: key,
      label: periodLabel(key, period),
      value,
      phase: periodPhase(key, period, today),
    });
  }
  return points;
}

/** Today's date (`YYYY-MM-DD`, UTC), the day the service's periods are measured from. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Words for a phase, as the legend and the figures table say them. */
export const PHASE_LABELS: Record<KpiPhase, string> = {
  past: "Past",
  current: "In progress",
  forward: "Forward (on the books)",
};

// ------------------------------------------------------------------------ portfolio ranking

export type RankOrder = "desc" | "asc";

export interface RankedEntry<L> {
  listing: L;
  value: number | null;
  currency: string;
  /** 1 for the best of the listings shown; null for a value not generated yet (ranked last). */
  rank: number | null;
}

const bySvcId = (a: string, b: string) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The listings on screen in the order of one metric: `desc` highest first, `asc` lowest
 * first, ties by svc_id; values not generated yet come last without a rank, whatever the
 * order (the service's own rule). Listings the KPI answer does not name are left out.
 */
export function rankListings<L extends { svc_id: string }>(
  listings: readonly L[],
  rows: ReadonlyArray<{ listing_id: string; value: number | null; currency: string }>,
  order: RankOrder = "desc",
): Array<RankedEntry<L>> {
  const byId = new Map(rows.map((row) => [row.listing_id, row]));
  const sign = order === "asc" ? 1 : -1;
  const entries = listings.flatMap((listing) => {
    const row = byId.get(listing.svc_id);
    return row ? [{ listing, value: row.value, currency: row.currency, rank: null as number | null }] : [];
  });
  entries.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value === b.value) return bySvcId(a.listing.svc_id, b.listing.svc_id);
      return a.value === null ? 1 : -1;
    }
    return sign * (a.value - b.value) || bySvcId(a.listing.svc_id, b.listing.svc_id);
  });
  let rank = 0;
  for (const entry of entries) if (entry.value !== null) entry.rank = ++rank;
  return entries;
}
