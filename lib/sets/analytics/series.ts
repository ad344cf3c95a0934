import type { Listing } from "../../svc/schemas/listings";
import type { PortfolioKpiRow } from "../../svc/schemas/kpis";
import type {
  AggregatedMetrics,
  Granularity,
  LexiconMetric,
  MetricWindow,
  SeriesPoint,
  SetDistribution,
  SetMetric,
} from "../../svc/schemas/set-analytics";
import { addDays, todayUtc } from "../../format/dates";

/**
 * The paid set analytics reshaped for charts: monthly rows → one series per metric, time
 * series → p25–p75 band rows, distribution → histogram bars with the caller's associated
 * listings placed on them. Pure and framework-free; a null stays null (no data yet), never 0.
 */

// ---------------------------------------------------------------------------------------
// Metric names and how their values read
// ---------------------------------------------------------------------------------------

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

/** The four monthly charts of the aggregated metrics, in the order they are shown. */
export const AGGREGATE_CHART_METRICS = ["adr", "occupancy", "revpar", "revenue"] as const;
export type AggregateChartMetric = (typeof AGGREGATE_CHART_METRICS)[number];

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

// ---------------------------------------------------------------------------------------
// Aggregated monthly metrics → one series per metric
// ---------------------------------------------------------------------------------------

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

/** The periods the time-series picker offers. */
export const SERIES_RANGES = ["next-90", "past-26-weeks", "past-12-months"] as const;
export type SeriesRange = (typeof SERIES_RANGES)[number];

export const SERIES_RANGE_LABELS: Record<SeriesRange, string> = {
  "next-90": "Next 90 days, daily",
  "past-26-weeks": "Past 26 weeks, weekly",
  "past-12-months": "Past 12 months, monthly",
};

/**
 * The time_series query of a range on a UTC day (the service's days are UTC). The next 90
 * days are the service's own default, so that range sends no dates at all.
 */
export function seriesRangeQuery(
  range: SeriesRange,
  today: string = todayUtc(),
): { start_date?: string; end_date?: string; granularity: Granularity } {
  if (range === "next-90") return { granularity: "day" };
  if (range === "past-26-weeks")
    return { start_date: addDays(today, -182), end_date: today, granularity: "week" };
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const first = new Date(Date.UTC(year, month - 11, 1)).toISOString().slice(0, 10);
  return { start_date: first, end_date: today, granularity: "month" };
}

/** The aggregated-metrics ranges: the service's default twelve months, or the next twelve. */
export const MONTH_RANGES = ["past-12", "next-12"] as const;
export type MonthRange = (typeof MONTH_RANGES)[number];

export const MONTH_RANGE_LABELS: Record<MonthRange, string> = {
  "past-12": "Past 12 months",
  "next-12": "Next 12 months",
};

export function monthRangeQuery(
  range: MonthRange,
  today: string = todayUtc(),
): { start_month?: string; end_month?: string } {
  if (range === "past-12") return {};
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const end = new Date(Date.UTC(year, month + 11, 1)).toISOString().slice(0, 7);
  return { start_month: today.slice(0, 7), end_month: end };
}

// ---------------------------------------------------------------------------------------
// Distribution → histogram with my associated listings placed
// ---------------------------------------------------------------------------------------

export const WINDOW_LABELS: Record<MetricWindow, string> = {
  "365_0": "Past 365 days",
  "90_0": "Past 90 days",
  "30_0": "Past 30 days",
  "0_30": "Next 30 days",
  "0_90": "Next 90 days",
};

/** One of the caller's associated listings with its own value of the distribution's metric. */
export interface MyListingValue {
  listingId: string;
  name: string;
  value: number | null;
}

/** Where one of my listings stands among the set's members. */
export interface MyMark extends MyListingValue {
  /** Members whose value is below mine, and how many members have a value. */
  membersBelow: number;
  membersWithValue: number;
}

export interface HistogramBar {
  lower: number;
  upper: number;
  count: number;
  /** My associated listings whose value falls in this bucket. */
  mine: MyMark[];
}

export interface Histogram {
  bars: HistogramBar[];
  /** My listings below the lowest member value or above the highest: on no bar. */
  below: MyMark[];
  above: MyMark[];
  /** My listings without a value for this metric and window. */
  unknown: MyListingValue[];
  /** Members with a value (the bars' counts add up to it). */
  membersWithValue: number;
}

/**
 * The distribution's buckets as bars and my listings placed on them. A value belongs to the
 * bucket with lower ≤ value < upper; the last bucket also holds its upper edge (the service's
 * rule). My listings are not members, so they can fall outside every bucket.
 */
export function histogram(
  distribution: Pick<SetDistribution, "buckets" | "listing_values">,
  mine: readonly MyListingValue[],
): Histogram {
  const memberValues = distribution.listing_values.map((l) => l.value).filter((v): v is number => v !== null);
  const bars: HistogramBar[] = distribution.buckets.map((b) => ({ ...b, mine: [] }));
  const below: MyMark[] = [];
  const above: MyMark[] = [];
  const unknown: MyListingValue[] = [];
  for (const listing of mine) {
    if (listing.value === null) {
      unknown.push(listing);
      continue;
    }
    const value = listing.value;
    const mark: MyMark = {
      ...listing,
      membersBelow: memberValues.filter((v) => v < value).length,
      membersWithValue: memberValues.length,
    };
    const index = bars.findIndex(
      (bar, i) => value >= bar.lower && (i === bars.length - 1 ? value <= bar.upper : value < bar.upper),
    );
    if (index >= 0) bars[index]!.mine.push(mark);
    else if (bars.length > 0 && value > bars[bars.length - 1]!.upper) above.push(mark);
    else below.push(mark);
  }
  return { bars, below, above, unknown, membersWithValue: memberValues.length };
}

/**
 * My associated listings joined with their values from GET /listings/kpis (one request
 * ranks the whole portfolio by the distribution's metric and window, in the set's currency).
 * A listing the ranking does not cover reads as unknown, never 0.
 */
export function myListingValues(
  associated: ReadonlyArray<Pick<Listing, "svc_id" | "name">>,
  rows: ReadonlyArray<Pick<PortfolioKpiRow, "listing_id" | "value">>,
): MyListingValue[] {
  const byId = new Map(rows.map((r) => [r.listing_id, r.value]));
  return associated.map((l) => ({ listingId: l.svc_id, name: l.name, value: byId.get(l.svc_id) ?? null }));
}

/** The metrics the time-series and distribution pickers offer (a set compares member metrics). */
export function setMetricLabel(metric: SetMetric): string {
  return METRIC_INFO[metric].label;
}
