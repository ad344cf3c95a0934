import { z } from "zod";
import { currencyCode, isoDate, isoMonth, timestamp, withPagination } from "@/lib/svc/schemas/common";
import {
  METRIC_LEXICON,
  METRIC_WINDOW_DEFAULT,
  MEMBER_METRIC_WINDOWS,
  SET_MEMBER_METRICS,
  type MetricWindow,
  type SetMetric,
} from "@/lib/svc/schemas/kpi-lexicon";
import { closedObject, ourRule } from "@/lib/svc/schemas/reading";
import { SET_PRICE_CALENDAR_MAX_NIGHTS, SET_PRICE_CALENDAR_MEMBER_LIMIT } from "@/lib/svc/schemas/limits";

/**
 * Paid-only set analytics (docs/interface-decisions.md §5): aggregated_metrics, price_calendar,
 * time_series, distribution and changelog. Also the pieces segments and the market report
 * reuse (metric names, windows, points, buckets, percentiles, date-range checks).
 */

// ---------------------------------------------------------------------------------------
// Metric names and period windows
// ---------------------------------------------------------------------------------------

export { METRIC_LEXICON };
export const lexiconMetric = z.enum(METRIC_LEXICON);
export type LexiconMetric = z.infer<typeof lexiconMetric>;

export { METRIC_WINDOW_DEFAULT, MEMBER_METRIC_WINDOWS, SET_MEMBER_METRICS };
export type { MetricWindow, SetMetric };
export const setMetric = z.enum(SET_MEMBER_METRICS);
export const metricWindow = z.enum(MEMBER_METRIC_WINDOWS);

/** `{<metric>: number | null}` for every lexicon metric. */
const lexiconValues = Object.fromEntries(
  METRIC_LEXICON.map((metric) => [metric, z.number().nullable()]),
) as Record<LexiconMetric, z.ZodNullable<z.ZodNumber>>;

// ---------------------------------------------------------------------------------------
// Date-range helpers (query values are strings; checks run only when both ends are given)
// ---------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Whole days from `start` to `end` (both YYYY-MM-DD); negative when end is earlier. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

type Ctx = z.RefinementCtx;

export function checkDateOrder(
  query: { start_date?: string; end_date?: string },
  ctx: Ctx,
  maxNights?: number,
): void {
  if (query.start_date === undefined || query.end_date === undefined) return;
  const days = daysBetween(query.start_date, query.end_date);
  if (days < 0) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "The end date is before the start date." });
  } else if (maxNights !== undefined && days + 1 > maxNights) {
    ctx.addIssue({
      code: "custom",
      path: ["end_date"],
      message: `A range covers at most ${maxNights} nights, the first and the last included.`,
    });
  }
}

export function checkMonthOrder(query: { start_month?: string; end_month?: string }, ctx: Ctx): void {
  if (
    query.start_month !== undefined &&
    query.end_month !== undefined &&
    query.end_month < query.start_month
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["end_month"],
      message: "The end month is before the start month.",
    });
  }
}

// ---------------------------------------------------------------------------------------
// Aggregated metrics (sets and segments)
// ---------------------------------------------------------------------------------------

/** Months default to the twelve months ending with the current one; currency to the set's. */
export const aggregatedMetricsShape = {
  start_month: isoMonth.optional(),
  end_month: isoMonth.optional(),
  currency: currencyCode.optional(),
};
export const aggregatedMetricsQuery = z.object(aggregatedMetricsShape).superRefine(checkMonthOrder);
export type AggregatedMetricsQuery = z.infer<typeof aggregatedMetricsQuery>;

export const aggregatedMonth = z.object({
  month: isoMonth,
  listing_count: z.number().int().min(0),
  ...lexiconValues,
});
export const aggregatedMetrics = z.object({
  currency: currencyCode,
  months: z.array(aggregatedMonth),
});
export type AggregatedMetrics = z.infer<typeof aggregatedMetrics>;

// ---------------------------------------------------------------------------------------
// Set price calendar
// ---------------------------------------------------------------------------------------

export { SET_PRICE_CALENDAR_MAX_NIGHTS, SET_PRICE_CALENDAR_MEMBER_LIMIT };
export const SET_PRICE_CALENDAR_DEFAULT_DAYS = 90;

/** Defaults: start_date today, end_date start_date + 90 days; at most 365 nights. */
export const setPriceCalendarQuery = z
  .object({
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    currency: currencyCode.optional(),
  })
  .superRefine((query, ctx) => checkDateOrder(query, ctx, SET_PRICE_CALENDAR_MAX_NIGHTS));
export type SetPriceCalendarQuery = z.infer<typeof setPriceCalendarQuery>;

/**
 * One night of a comp. `is_booked` and `reservation_id` are never present on this calendar (a
 * comp's bookings are not the caller's): our reference service sends exactly these keys, and
 * a real service's other night fields are kept on read.
 * booking_probability_percent: 0 for an available night, 10..90 for an unavailable one.
 */
export const setCalendarNight = closedObject({
  date: isoDate,
  price: z.number().min(0),
  available: z.boolean(),
  booking_probability_percent: z.number().int().min(0).max(90),
  min_stay: z.number().int().min(1),
}).superRefine(
  ourRule((night, ctx) => {
    const p = night.booking_probability_percent;
    if (night.available ? p !== 0 : p < 10) {
      ctx.addIssue({
        code: "custom",
        path: ["booking_probability_percent"],
        message: night.available ? "an available night reports 0" : "an unavailable night reports 10 to 90",
      });
    }
  }),
);
export type SetCalendarNight = z.infer<typeof setCalendarNight>;

export const setCalendarListing = z.object({
  listing_id: z.string(),
  name: z.string(),
  nights: z.array(setCalendarNight),
});

export const setPriceCalendar = z.object({
  currency: currencyCode,
  start_date: isoDate,
  end_date: isoDate,
  /** Active members only; every membership counts toward the 25 limit. */
  listings: z.array(setCalendarListing).max(SET_PRICE_CALENDAR_MEMBER_LIMIT),
});
export type SetPriceCalendar = z.infer<typeof setPriceCalendar>;

// ---------------------------------------------------------------------------------------
// Time series and distribution (shapes shared with the market report)
// ---------------------------------------------------------------------------------------

export const granularity = z.enum(["day", "week", "month"]);
export type Granularity = z.infer<typeof granularity>;

/** `date` is the first day of the period; values are null where there is no data. */
export const seriesPoint = z.object({
  date: isoDate,
  value: z.number().nullable(),
  p25: z.number().nullable(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
});
export type SeriesPoint = z.infer<typeof seriesPoint>;

export const distributionBucket = z
  .object({ lower: z.number(), upper: z.number(), count: z.number().int().min(0) })
  .refine((b) => b.upper >= b.lower, { message: "upper is below lower", path: ["upper"] });

export const percentiles = z.object({
  p10: z.number().nullable(),
  p25: z.number().nullable(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
  p90: z.number().nullable(),
});

export const timeSeriesRangeShape = {
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  granularity: granularity.optional(),
  currency: currencyCode.optional(),
};

export const setTimeSeriesQuery = z
  .object({ metric: setMetric, ...timeSeriesRangeShape })
  .superRefine((query, ctx) => checkDateOrder(query, ctx));
export type SetTimeSeriesQuery = z.infer<typeof setTimeSeriesQuery>;

export const setTimeSeries = z.object({
  metric: setMetric,
  currency: currencyCode,
  points: z.array(seriesPoint),
});
export type SetTimeSeries = z.infer<typeof setTimeSeries>;

export const setDistributionQuery = z.object({
  metric: setMetric,
  window: metricWindow.optional(),
  currency: currencyCode.optional(),
});
export type SetDistributionQuery = z.infer<typeof setDistributionQuery>;

export const setDistribution = z.object({
  metric: setMetric,
  currency: currencyCode,
  buckets: z.array(distributionBucket),
  percentiles,
  listing_values: z.array(z.object({ listing_id: z.string(), value: z.number().nullable() })),
});
export type SetDistribution = z.infer<typeof setDistribution>;

// ---------------------------------------------------------------------------------------
// Changelog
// ---------------------------------------------------------------------------------------

export const SET_CHANGELOG_ACTIONS = [
  "created",
  "member_added",
  "member_removed",
  "member_status_changed",
  "shared",
  "upgraded",
  "associated_listing_added",
  "associated_listing_removed",
  "synced",
] as const;
export const setChangelogAction = z.enum(SET_CHANGELOG_ACTIONS);

export const setChangelogQuery = withPagination({});

export const setChangelogEntry = z.object({
  id: z.string(),
  at: timestamp,
  /** null when the service itself made the change (a filter sync). */
  actor: z.object({ user_id: z.string(), email: z.string() }).nullable(),
  action: setChangelogAction,
  listing_ids: z.array(z.string()).optional(),
  details: z.record(z.string(), z.unknown()),
});
export type SetChangelogEntry = z.infer<typeof setChangelogEntry>;
