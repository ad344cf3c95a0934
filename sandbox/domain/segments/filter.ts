import { z } from "zod";
import { knownChannelName } from "../../../lib/svc/schemas/common";
import { PRICING_TIERS } from "../../../lib/svc/schemas/listing-extras";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { ApiError } from "../api-error";

/**
 * What a segment's `filter_backend` can express: conditions on the caller's listing fields,
 * all of which must hold (an empty object matches every listing). The contract leaves the
 * object opaque; these keys are the reference service's.
 */
const nonEmptyList = <T extends z.ZodType>(item: T) => z.array(item).min(1, "give at least one value");
const bedrooms = z.number().int().min(0).max(50);

export const segmentFilter = z
  .strictObject({
    /** The listing's market is one of these (existing market ids). */
    market_ids: nonEmptyList(z.string().min(1)).optional(),
    channels: nonEmptyList(knownChannelName).optional(),
    /** Inclusive bedroom range; a listing without a bedroom count never matches a range. */
    bedrooms_min: bedrooms.optional(),
    bedrooms_max: bedrooms.optional(),
    /** The listing carries at least one of these tags. */
    tags_any: nonEmptyList(z.string().min(1)).optional(),
    /** The listing carries every one of these tags. */
    tags_all: nonEmptyList(z.string().min(1)).optional(),
    is_active: z.boolean().optional(),
    is_hidden: z.boolean().optional(),
    pricing_tiers: nonEmptyList(z.enum(PRICING_TIERS)).optional(),
    /** Case-insensitive part of the listing's name. */
    name_contains: z.string().trim().min(1).max(120).optional(),
  })
  .superRefine((filter, ctx) => {
    if (
      filter.bedrooms_min !== undefined &&
      filter.bedrooms_max !== undefined &&
      filter.bedrooms_max < filter.bedrooms_min
    ) {
      ctx.addIssue({ code: "custom", path: ["bedrooms_max"], message: "bedrooms_max is below bedrooms_min" });
    }
  });
export type SegmentFilter = z.infer<typeof segmentFilter>;

const badFilter = (fields: Array<{ field: string; message: string }>) =>
  new ApiError(
    400,
    "invalid_body",
    `Invalid ${fields.map((f) => f.field).join(", ")}: ${fields[0]!.message}.`,
    {
      fields,
    },
  );

/**
 * A body's `filter_backend` checked against what the service can evaluate and the markets it
 * knows: 400 `invalid_body` naming `filter_backend.<key>` otherwise.
 */
export function parseSegmentFilter(ctx: SandboxContext, raw: unknown): SegmentFilter {
  const parsed = segmentFilter.safeParse(raw);
  if (!parsed.success) {
    throw badFilter(
      parsed.error.issues.flatMap((issue) => {
        const field = ["filter_backend", ...issue.path].join(".");
        // An unknown key is reported under its own name, so the client sees which one.
        if (issue.code === "unrecognized_keys") {
          return issue.keys.map((key) => ({
            field: `${field}.${key}`,
            message: "not a filter the service knows",
          }));
        }
        return [{ field, message: issue.message }];
      }),
    );
  }
  const filter = parsed.data;
  if (filter.market_ids) {
    const known = new Set(
      (ctx.db.prepare(`SELECT id FROM markets`).all() as Array<{ id: string }>).map((m) => m.id),
    );
    const unknown = filter.market_ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw badFilter([
        { field: "filter_backend.market_ids", message: `unknown market ${unknown.join(", ")}` },
      ]);
    }
  }
  return filter;
}

/** Whether a listing satisfies every condition of the filter. */
export function matchesFilter(row: ListingRow, filter: SegmentFilter): boolean {
  if (filter.market_ids && !filter.market_ids.includes(row.market_id)) return false;
  if (filter.channels && !filter.channels.includes(row.channel)) return false;
  if (filter.bedrooms_min !== undefined || filter.bedrooms_max !== undefined) {
    if (row.bedrooms === null) return false;
    if (filter.bedrooms_min !== undefined && row.bedrooms < filter.bedrooms_min) return false;
    if (filter.bedrooms_max !== undefined && row.bedrooms > filter.bedrooms_max) return false;
  }
  if (filter.tags_any || filter.tags_all) {
    const tags = new Set(JSON.parse(row.tags) as string[]);
    if (filter.tags_any && !filter.tags_any.some((tag) => tags.has(tag))) return false;
    if (filter.tags_all && !filter.tags_all.every((tag) => tags.has(tag))) return false;
  }
  if (filter.is_active !== undefined && (row.is_active === 1) !== filter.is_active) return false;
  if (filter.is_hidden !== undefined && (row.is_hidden === 1) !== filter.is_hidden) return false;
  if (
    filter.pricing_tiers &&
    !filter.pricing_tiers.includes(row.pricing_tier as (typeof PRICING_TIERS)[number])
  ) {
    return false;
  }
  if (filter.name_contains && !row.name.toLowerCase().includes(filter.name_contains.toLowerCase()))
    return false;
  return true;
}
