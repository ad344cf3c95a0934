import { z } from "zod";
import { listing } from "@/lib/svc/schemas/listings";
import {
  createSegmentBody,
  segment,
  segmentAggregatedMetricsQuery,
  segmentListingsQuery,
  updateSegmentBody,
} from "@/lib/svc/schemas/segments";
import { aggregatedMetrics } from "@/lib/svc/schemas/set-analytics";
import { endpoint } from "@/lib/svc/endpoint";

export const segmentEndpoints = {
  "segments.list": endpoint({
    group: "segments",
    method: "GET",
    path: "/segments",
    summary: "The caller's segments",
    response: z.array(segment),
  }),
  "segments.create": endpoint({
    group: "segments",
    method: "POST",
    path: "/segments",
    summary: "Creates a segment from a filter_backend",
    body: createSegmentBody,
    response: segment,
    status: 201,
  }),
  "segments.update": endpoint({
    group: "segments",
    method: "PUT",
    path: "/segments/{segment_id}",
    summary: "Updates name, description, filter_backend and/or default status",
    body: updateSegmentBody,
    response: segment,
  }),
  "segments.listings": endpoint({
    group: "segments",
    method: "GET",
    path: "/segments/{segment_id}/listings",
    summary: "Listings matched by the segment, managed ones included by default",
    query: segmentListingsQuery,
    response: z.array(listing),
    paginated: true,
    listingScoped: false,
  }),
  "segments.aggregatedMetrics": endpoint({
    group: "segments",
    method: "GET",
    path: "/segments/{segment_id}/aggregated_metrics",
    summary: "Monthly metrics over the segment's listings, in its most common market's currency",
    query: segmentAggregatedMetricsQuery,
    response: aggregatedMetrics,
  }),
} as const;
