import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { CreateSegmentBody, Segment, UpdateSegmentBody } from "@/lib/svc/schemas/segments";
import { queryKeys } from "@/lib/queries/keys";
import { allRows, pageReadOf, readAllPages } from "@/lib/queries/pages";
import { svc } from "@/lib/queries/svc";
import { LISTING_PAGING } from "@/lib/listings/queries";

/**
 * The segments' reads and writes. Opening a segment costs at most four requests, all sent
 * at once: the segments list (the interface has no GET /segments/{id}, so a segment's record
 * is read from the list, which the list page shares), its listings, its monthly metrics and
 * the team members it may be assigned to. Within the fresh times below a revisit costs none.
 */

const LIST_STALE_MS = 60_000;
/** Aggregated metrics move with the nightly runs. */
const METRICS_STALE_MS = 5 * 60_000;

/** Every segment of the caller, oldest first (the service's order). */
export function segmentsQuery() {
  return queryOptions({
    queryKey: queryKeys.segments.list(),
    queryFn: ({ signal }) => svc.call("segments.list", { signal }),
    staleTime: LIST_STALE_MS,
  });
}

/** One segment, read from the list (shared with the list page); null when there is no such segment. */
export function segmentQuery(segmentId: string) {
  return queryOptions({
    ...segmentsQuery(),
    select: (segments: Segment[]) => segments.find((s) => s.id === segmentId) ?? null,
  });
}

/**
 * Every listing the segment matches, asked in pages of 100 and read to the end by the one
 * paging rule (lib/queries/pages.ts); its notice is there for the page (readNotice).
 * `includeManaged` is always sent, so the answer does not depend on a default the page
 * would have to guess.
 */
export function segmentListingsQuery(segmentId: string, includeManaged: boolean) {
  return queryOptions({
    queryKey: queryKeys.segments.resource(segmentId, "listings", {
      include_managed_listings: includeManaged,
    }),
    queryFn: ({ signal }) =>
      readAllPages(async (page) => {
        const answer = await svc.request("segments.listings", {
          params: { segment_id: segmentId },
          query: { include_managed_listings: includeManaged, page, per_page: PER_PAGE_MAX },
          signal,
        });
        return pageReadOf(answer);
      }, LISTING_PAGING),
    select: allRows<Listing>,
    staleTime: LIST_STALE_MS,
  });
}

/** The segment's monthly metrics over a month range, in the currency the service picks. */
export function segmentMetricsQuery(
  segmentId: string,
  includeManaged: boolean,
  range: { start_month: string; end_month: string },
) {
  const query = { include_managed_listings: includeManaged, ...range };
  return queryOptions({
    queryKey: queryKeys.segments.resource(segmentId, "metrics", query),
    queryFn: ({ signal }) =>
      svc.call("segments.aggregatedMetrics", { params: { segment_id: segmentId }, query, signal }),
    staleTime: METRICS_STALE_MS,
  });
}

/**
 * The service's answer is the segment as stored: it goes into the list in place (appended for
 * a new one, the list being oldest first), so opening it costs no re-read of the list.
 */
function putInList(queryClient: QueryClient, segment: Segment) {
  queryClient.setQueryData<Segment[]>(queryKeys.segments.list(), (list) => {
    if (!list) return list;
    return list.some((s) => s.id === segment.id)
      ? list.map((s) => (s.id === segment.id ? segment : s))
      : [...list, segment];
  });
}

export async function createSegment(queryClient: QueryClient, body: CreateSegmentBody): Promise<Segment> {
  const created = await svc.call("segments.create", { body });
  putInList(queryClient, created);
  return created;
}

/** A changed filter changes the listings and metrics: what was read about the segment is re-read. */
export async function updateSegment(
  queryClient: QueryClient,
  segmentId: string,
  body: UpdateSegmentBody,
): Promise<Segment> {
  const updated = await svc.call("segments.update", { params: { segment_id: segmentId }, body });
  putInList(queryClient, updated);
  await queryClient.invalidateQueries({ queryKey: queryKeys.segments.detail(segmentId) });
  return updated;
}
