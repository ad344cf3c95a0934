import type { RouteTable } from "../context";
import { toListing } from "../domain/listings";
import { aggregatedMonthlyMetrics } from "../domain/segments/metrics";
import {
  createSegment,
  findOwnSegment,
  includeManagedDefault,
  listSegments,
  matchedListings,
  toSegment,
  updateSegment,
} from "../domain/segments/store";
import { paginate } from "../http";

/** Segments: saved filters over the caller's listings, private to their owner. */
export const segmentRoutes: RouteTable = {
  "segments.list": ({ ctx, caller }) => ({
    body: listSegments(ctx, caller.user.id).map((row) => toSegment(ctx, caller, row)),
  }),
  "segments.create": ({ ctx, caller, body }) => ({
    body: toSegment(ctx, caller, createSegment(ctx, caller.user.id, body)),
    status: 201,
  }),
  "segments.update": ({ ctx, caller, params, body }) => ({
    body: toSegment(ctx, caller, updateSegment(ctx, caller.user.id, params.segment_id!, body)),
  }),
  "segments.listings": ({ ctx, caller, params, query }) => {
    const segment = findOwnSegment(ctx, caller.user.id, params.segment_id!);
    const includeManaged = includeManagedDefault(caller, query.include_managed_listings);
    const { items, total } = paginate(matchedListings(ctx, caller.user.id, segment, includeManaged), query);
    return { body: items.map(({ row, access }) => toListing(ctx, row, access)), total };
  },
  "segments.aggregatedMetrics": ({ ctx, caller, params, query }) => {
    const segment = findOwnSegment(ctx, caller.user.id, params.segment_id!);
    const includeManaged = includeManagedDefault(caller, query.include_managed_listings);
    const listings = matchedListings(ctx, caller.user.id, segment, includeManaged).map(({ row }) => row);
    return { body: aggregatedMonthlyMetrics(ctx, listings, query) };
  },
};
