import { z } from "zod";
import { queryBoolean, timestamp, withPagination } from "@/lib/svc/schemas/common";
import { aggregatedMetricsShape, checkMonthOrder } from "@/lib/svc/schemas/set-analytics";

/** Segments (docs/interface.md §Other endpoints): saved listing filters of the portfolio. */

/** The status a listing matched by the segment takes unless set otherwise (ours). */
export const segmentDefaultStatus = z.enum(["active", "inactive"]);
export type SegmentDefaultStatus = z.infer<typeof segmentDefaultStatus>;

/** Filter definition evaluated by the service; its keys are the service's own. */
export const filterBackend = z.record(z.string(), z.unknown());

export const segment = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  filter_backend: filterBackend,
  default_status: segmentDefaultStatus,
  listing_count: z.number().int().min(0),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Segment = z.infer<typeof segment>;

const segmentName = z.string().trim().min(1, "Give the segment a name.").max(120);
const segmentDescription = z.string().max(2000).nullable();

export const createSegmentBody = z.object({
  name: segmentName,
  description: segmentDescription.optional(),
  filter_backend: filterBackend,
  /** Defaults to `active`. */
  default_status: segmentDefaultStatus.optional(),
});
export type CreateSegmentBody = z.infer<typeof createSegmentBody>;

/** Any of name, description, filter_backend, default_status; absent keys stay as they are. */
export const updateSegmentBody = z
  .object({
    name: segmentName.optional(),
    description: segmentDescription.optional(),
    filter_backend: filterBackend.optional(),
    default_status: segmentDefaultStatus.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Give at least one of name, description, filter_backend and default_status.",
  });
export type UpdateSegmentBody = z.infer<typeof updateSegmentBody>;

/** include_managed_listings: default true for API keys, false for channel integration keys. */
export const segmentListingsQuery = withPagination({
  include_managed_listings: queryBoolean.optional(),
});
export type SegmentListingsQuery = z.infer<typeof segmentListingsQuery>;

/** currency defaults to the currency of the segment's most common market. */
export const segmentAggregatedMetricsQuery = z
  .object({ ...aggregatedMetricsShape, include_managed_listings: queryBoolean.optional() })
  .superRefine(checkMonthOrder);
export type SegmentAggregatedMetricsQuery = z.infer<typeof segmentAggregatedMetricsQuery>;
