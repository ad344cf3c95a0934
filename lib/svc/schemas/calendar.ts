import { z } from "zod";
import { channelParam, currencyCode, isoDate, timestamp } from "@/lib/svc/schemas/common";
import { MAX_RANGE_NIGHTS } from "@/lib/svc/schemas/limits";
import { ourRule } from "@/lib/svc/schemas/reading";

/**
 * Per-date data of one listing: price calendar, recommendations, posted prices, the
 * history of one stay date, neighborhood data, fee impact and minimum stays.
 * Field names the interface does not give are recorded in docs/contract-decisions-listings.md.
 */

/** Longest date range a per-date listing endpoint answers (mirrors the set price calendar). */
export { MAX_RANGE_NIGHTS };

const DAY_MS = 86_400_000;

/** Dates in a range with both ends included (`2026-01-01`..`2026-01-01` is 1). */
export function nightsInRange(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Adds the date-range rules to a refinement context: start_date on or before end_date and,
 * when `maxNights` is given, at most that many dates. Checked only when both are present.
 */
export function checkDateRange(
  value: { start_date?: string | null; end_date?: string | null },
  ctx: z.RefinementCtx,
  maxNights?: number,
): void {
  const { start_date: start, end_date: end } = value;
  if (!start || !end) return;
  if (start > end) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "The end date is before the start date." });
  } else if (maxNights !== undefined && nightsInRange(start, end) > maxNights) {
    ctx.addIssue({
      code: "custom",
      path: ["end_date"],
      message: `A range covers at most ${maxNights} dates.`,
    });
  }
}

/**
 * Query of a listing-scoped per-date endpoint: `channel`, optional `start_date`/`end_date`
 * (both ends included, at most 365 dates) plus any extra parameters.
 */
export function listingDateRangeQuery<T extends z.ZodRawShape>(shape: T, maxNights = MAX_RANGE_NIGHTS) {
  return z
    .object({
      channel: channelParam,
      start_date: isoDate.optional(),
      end_date: isoDate.optional(),
      ...shape,
    })
    .superRefine((query, ctx) =>
      checkDateRange(query as { start_date?: string; end_date?: string }, ctx, maxNights),
    );
}

export const dateRangeQuery = listingDateRangeQuery({});
export type DateRangeQuery = z.infer<typeof dateRangeQuery>;

/** Demand level of a night as the pricing engine sees it. */
export const demandLevel = z.enum(["low", "normal", "high", "very_high"]);
export type DemandLevel = z.infer<typeof demandLevel>;

/** Custom rate kinds; also the non-null values of `custom_type` on recommendations. */
export const customPriceType = z.enum(["fixed", "percent"]);
export type CustomPriceType = z.infer<typeof customPriceType>;

const nightlyPrice = z.number().nonnegative();
const minStayNights = z.number().int().min(1);

// ---------------------------------------------------------------- price_calendar

export const priceCalendarNight = z
  .object({
    date: isoDate,
    /** The price in force on the channel for the night. */
    price: nightlyPrice,
    recommended_price: nightlyPrice,
    min_stay: minStayNights,
    available: z.boolean(),
    is_booked: z.boolean(),
    /** The channel's reservation id, a string; null when the night is not booked. */
    reservation_id: z.string().min(1).nullable(),
    /** The custom rate that applies to the night, null when none does. */
    custom_rate: z.object({ price_type: customPriceType, price_value: z.number() }).nullable(),
    demand: demandLevel,
  })
  .superRefine(
    ourRule((night, ctx) => {
      if (night.is_booked && night.available) {
        ctx.addIssue({ code: "custom", path: ["available"], message: "a booked night is not available" });
      }
      if (night.reservation_id !== null && !night.is_booked) {
        ctx.addIssue({
          code: "custom",
          path: ["is_booked"],
          message: "a night with a reservation is booked",
        });
      }
    }),
  );
export type PriceCalendarNight = z.infer<typeof priceCalendarNight>;

export const priceCalendar = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  start_date: isoDate,
  end_date: isoDate,
  nights: z.array(priceCalendarNight),
});
export type PriceCalendar = z.infer<typeof priceCalendar>;

// ---------------------------------------------------------------- price_recommendations

export const priceRecommendation = z.object({
  date: isoDate,
  /** The price the service would post: the recommendation after custom rates and min/max. */
  price: nightlyPrice,
  /** The pricing engine's own recommendation before custom rates. */
  recommended_price: nightlyPrice,
  /** null when the night is a service recommendation; the custom rate's kind otherwise. */
  custom_type: customPriceType.nullable(),
  min_stay: minStayNights.nullable(),
});
export type PriceRecommendation = z.infer<typeof priceRecommendation>;

export const priceRecommendations = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  recommendations: z.array(priceRecommendation),
});
export type PriceRecommendations = z.infer<typeof priceRecommendations>;

// ---------------------------------------------------------------- last_posted_prices

export const lastPostedPrices = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  /** One entry per stay date that has ever been posted; dates never posted are absent. */
  prices: z.array(
    z.object({
      date: isoDate,
      price: nightlyPrice,
      min_stay: minStayNights.nullable(),
      posted_at: timestamp,
    }),
  ),
});
export type LastPostedPrices = z.infer<typeof lastPostedPrices>;

// ---------------------------------------------------------------- calendar_day_history

export const calendarDayHistoryQuery = z.object({
  channel: channelParam,
  /** The stay date whose history is wanted. */
  date: isoDate,
});

export const postingTrigger = z.enum(["automatic", "sync", "app"]);

export const calendarDayPosting = z
  .object({
    posted_at: timestamp,
    price: nightlyPrice,
    min_stay: minStayNights.nullable(),
    outcome: z.enum(["posted", "failed"]),
    trigger: postingTrigger,
    /** Why the channel refused the post; null when it was posted. */
    error: z.string().nullable(),
  })
  .superRefine(
    ourRule((posting, ctx) => {
      if (posting.outcome === "failed" && posting.error === null) {
        ctx.addIssue({ code: "custom", path: ["error"], message: "a failed posting says why" });
      }
    }),
  );

export const calendarDaySnapshot = z.object({
  captured_at: timestamp,
  price: nightlyPrice,
  recommended_price: nightlyPrice,
  min_stay: minStayNights,
  available: z.boolean(),
  is_booked: z.boolean(),
  reservation_id: z.string().min(1).nullable(),
});

export const calendarDayHistory = z.object({
  listing_id: z.string(),
  date: isoDate,
  currency: currencyCode,
  /** Oldest first. */
  postings: z.array(calendarDayPosting),
  /** Oldest first. */
  snapshots: z.array(calendarDaySnapshot),
});
export type CalendarDayHistory = z.infer<typeof calendarDayHistory>;

// ---------------------------------------------------------------- neighborhood

export const neighborhoodPricingDay = z
  .object({
    date: isoDate,
    median_price: z.number().nonnegative().nullable(),
    p25_price: z.number().nonnegative().nullable(),
    p75_price: z.number().nonnegative().nullable(),
    listing_count: z.number().int().nonnegative(),
  })
  .superRefine(
    ourRule((day, ctx) => {
      const { p25_price: p25, median_price: p50, p75_price: p75 } = day;
      if ((p25 !== null && p50 !== null && p25 > p50) || (p50 !== null && p75 !== null && p50 > p75)) {
        ctx.addIssue({ code: "custom", path: ["median_price"], message: "expected p25 <= median <= p75" });
      }
    }),
  );

export const neighborhoodPricing = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  days: z.array(neighborhoodPricingDay),
});
export type NeighborhoodPricing = z.infer<typeof neighborhoodPricing>;

export const neighborhoodOccupancy = z.object({
  listing_id: z.string(),
  days: z.array(
    z.object({
      date: isoDate,
      /** Share of the neighborhood's listings booked that night, 0..100. */
      occupancy_percent: z.number().min(0).max(100).nullable(),
      listing_count: z.number().int().nonnegative(),
    }),
  ),
});
export type NeighborhoodOccupancy = z.infer<typeof neighborhoodOccupancy>;

// ---------------------------------------------------------------- fee impact, min stay

export const feeImpactCalendar = z.object({
  listing_id: z.string(),
  days: z.array(
    z.object({
      date: isoDate,
      /** What guests pay per unit of nightly rate once fees are added (1.12 = 12% on top). */
      fee_multiplier: z.number().nonnegative(),
    }),
  ),
});
export type FeeImpactCalendar = z.infer<typeof feeImpactCalendar>;

export const minStayCalendar = z.object({
  listing_id: z.string(),
  days: z.array(z.object({ date: isoDate, min_stay: minStayNights })),
});
export type MinStayCalendar = z.infer<typeof minStayCalendar>;
