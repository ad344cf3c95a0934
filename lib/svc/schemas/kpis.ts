import { z } from "zod";
import {
  channelName,
  currencyCode,
  isoMonth,
  isoQuarter,
  timestamp,
  withPagination,
} from "@/lib/svc/schemas/common";
import {
  KPI_METRICS,
  KPI_PERIOD_DAYS,
  KPI_WINDOW_DEFAULT,
  KPI_WINDOWS,
  type KpiMetric,
  type KpiWindow,
} from "@/lib/svc/schemas/kpi-lexicon";

export { KPI_METRICS, KPI_PERIOD_DAYS, KPI_WINDOW_DEFAULT, KPI_WINDOWS };
export type { KpiMetric, KpiWindow };
export const kpiMetric = z.enum(KPI_METRICS);
export const kpiWindow = z.enum(KPI_WINDOWS as [KpiWindow, ...KpiWindow[]]);

export type RollingKpiKey = `${KpiMetric}_${KpiWindow}`;
export const ROLLING_KPI_KEYS: readonly RollingKpiKey[] = KPI_METRICS.flatMap((metric) =>
  KPI_WINDOWS.map((window) => `${metric}_${window}` as const),
);

/** A metric value: null until the service has generated it. */
const metricValue = z.number().nullable();
type MetricValue = typeof metricValue;

function metricShape<K extends string>(keys: readonly K[]): { [P in K]: MetricValue } {
  return Object.fromEntries(keys.map((key) => [key, metricValue])) as { [P in K]: MetricValue };
}

/** Every lexicon metric as a nullable number: the body of a monthly/quarterly/yearly row. */
export const lexiconMetricsShape = metricShape(KPI_METRICS);

/**
 * GET /listings/{listing_id}/kpis: one flat object, every lexicon metric once per period
 * (`adr_30_0`, `occupancy_adjusted_0_90`, ...), plus the listing id and the currency of the
 * monetary metrics.
 */
export const rollingKpis = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  ...metricShape(ROLLING_KPI_KEYS),
});
export type RollingKpis = z.infer<typeof rollingKpis>;

export const monthlyKpiRow = z.object({ month: isoMonth, ...lexiconMetricsShape });
export const quarterlyKpiRow = z.object({ quarter: isoQuarter, ...lexiconMetricsShape });
/** Years are written `YYYY`, as strings like months and quarters. */
export const isoYear = z.string().regex(/^\d{4}$/, "expected a year as YYYY");
export const yearlyKpiRow = z.object({ year: isoYear, ...lexiconMetricsShape });

/** Up to 15 months back and 12 forward, oldest first. */
export const monthlyKpis = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  months: z.array(monthlyKpiRow),
});
export type MonthlyKpis = z.infer<typeof monthlyKpis>;

/** Up to 5 recent quarters and up to 12 months ahead, oldest first. */
export const quarterlyKpis = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  quarters: z.array(quarterlyKpiRow),
});
export type QuarterlyKpis = z.infer<typeof quarterlyKpis>;

/** Up to 5 years and up to 12 months ahead, oldest first. */
export const yearlyKpis = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  years: z.array(yearlyKpiRow),
});
export type YearlyKpis = z.infer<typeof yearlyKpis>;

// ---------------------------------------------------------------- GET /listings/kpis

export const kpiOrder = z.enum(["asc", "desc"]);
export const KPI_ORDER_DEFAULT = "desc" as const;

export const portfolioKpisQuery = withPagination({
  metric: kpiMetric,
  /** Default `30_0`. */
  window: kpiWindow.optional(),
  /** Converts monetary metrics before ranking; default each listing's own currency. */
  currency: currencyCode.optional(),
  owner_user_id: z.string().min(1).optional(),
  /** Default `desc`. */
  order: kpiOrder.optional(),
});
export type PortfolioKpisQuery = z.infer<typeof portfolioKpisQuery>;

/** One listing ranked by one metric. Not listing-scoped: ids are returned in both forms. */
export const portfolioKpiRow = z.object({
  /** The service's id (the listing's svc_id). */
  listing_id: z.string(),
  /** The channel's id. */
  partner_listing_id: z.string(),
  channel: channelName,
  value: z.number().nullable(),
  currency: currencyCode,
  /** When the value was computed; null while it has not been generated. */
  updated_at: timestamp.nullable(),
});
export type PortfolioKpiRow = z.infer<typeof portfolioKpiRow>;
