import { z } from "zod";
import { currencyCode } from "@/lib/svc/schemas/common";
import {
  checkDateOrder,
  distributionBucket,
  lexiconMetric,
  metricWindow,
  percentiles,
  seriesPoint,
  timeSeriesRangeShape,
} from "@/lib/svc/schemas/set-analytics";

/**
 * Market report (docs/interface.md §Other endpoints). Geometry fields were removed from
 * GET /market_report on 2026-08-27; postal_codes[].latlong is kept.
 */

export const postalCode = z.object({
  postal_code: z.string(),
  /** [latitude, longitude]. */
  latlong: z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
  listing_count: z.number().int().min(0),
});

export const market = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  currency: currencyCode,
  listing_count: z.number().int().min(0),
  postal_codes: z.array(postalCode),
});
export type Market = z.infer<typeof market>;

/** Groups a market is broken down by: 0..5 and 6+, or 0, 1 and 2+. */
export const bedroomGroup = z.enum(["0", "1", "2", "3", "4", "5", "6+", "2+"]);
export type BedroomGroup = z.infer<typeof bedroomGroup>;

/**
 * `bedrooms` query: a group, or `4+` (answered from the 4 group where the market is split
 * into 4, 5 and 6+). Absent: all listings. A group the market lacks: 400 naming its groups.
 */
export const bedroomsParam = z.enum([...bedroomGroup.options, "4+"]);
export type BedroomsParam = z.infer<typeof bedroomsParam>;

export const marketTimeSeriesQuery = z
  .object({ metric: lexiconMetric, bedrooms: bedroomsParam.optional(), ...timeSeriesRangeShape })
  .superRefine((query, ctx) => checkDateOrder(query, ctx));
export type MarketTimeSeriesQuery = z.infer<typeof marketTimeSeriesQuery>;

export const marketTimeSeries = z.object({
  market_id: z.string(),
  /** The group asked for, null for all listings. */
  bedrooms: bedroomsParam.nullable(),
  metric: lexiconMetric,
  currency: currencyCode,
  points: z.array(seriesPoint),
});
export type MarketTimeSeries = z.infer<typeof marketTimeSeries>;

/** window defaults to METRIC_WINDOW_DEFAULT (`30_0`). */
export const marketDistributionQuery = z.object({
  metric: lexiconMetric,
  bedrooms: bedroomsParam.optional(),
  window: metricWindow.optional(),
  currency: currencyCode.optional(),
});
export type MarketDistributionQuery = z.infer<typeof marketDistributionQuery>;

export const marketDistribution = z.object({
  market_id: z.string(),
  bedrooms: bedroomsParam.nullable(),
  metric: lexiconMetric,
  window: metricWindow,
  currency: currencyCode,
  buckets: z.array(distributionBucket),
  percentiles,
});
export type MarketDistribution = z.infer<typeof marketDistribution>;

export const bedroomGroups = z.object({
  market_id: z.string(),
  groups: z.array(z.object({ group: bedroomGroup, listing_count: z.number().int().min(0) })),
});
export type BedroomGroups = z.infer<typeof bedroomGroups>;
