import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Listing } from "@/lib/svc/schemas/listings";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";

/**
 * One listing by its svc_id (`channel=svc`: an inaccessible listing answers 404, so ids
 * cannot be enumerated). Keyed as a resource under `detail(svcId)`: `detail` itself is the
 * prefix of every workspace query, which a live change invalidates together.
 */
export function listingQuery(svcId: string) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, "listing"),
    queryFn: ({ signal }) =>
      svc.call("listings.get", { params: { listing_id: svcId }, query: { channel: "svc" }, signal }),
    staleTime: 60_000,
  });
}

/**
 * The listing as a portfolio page already holds it (GET /listings answers the same object),
 * with when that was read: opening a listing from the table then spends no request while
 * the portfolio is fresh.
 */
export function listingFromPortfolio(
  queryClient: QueryClient,
  svcId: string,
): { listing: Listing; updatedAt: number } | undefined {
  let found: { listing: Listing; updatedAt: number } | undefined;
  for (const [key, data] of queryClient.getQueriesData<unknown>({ queryKey: queryKeys.listings.lists() })) {
    // The portfolio KPI answers live under the same prefix; only listing arrays count.
    if (!Array.isArray(data)) continue;
    const listing = (data as Array<Partial<Listing>>).find(
      (item) => typeof item === "object" && item !== null && item.svc_id === svcId && "access_level" in item,
    ) as Listing | undefined;
    if (!listing) continue;
    const updatedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
    if (!found || updatedAt > found.updatedAt) found = { listing, updatedAt };
  }
  return found;
}

/**
 * Listings read one by one from the service after `since` (Unix ms): after a write, the
 * listing is read again live, and a copy older than that (the mirror's) gives way to it.
 */
export function listingsReadSince(queryClient: QueryClient, since: number): Listing[] {
  const found: Listing[] = [];
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.listings.all })) {
    const key = query.queryKey;
    if (key[1] !== "detail" || key[3] !== "listing" || key.length !== 4) continue;
    const data = query.state.data as Listing | undefined;
    if (data && query.state.dataUpdatedAt > since) found.push(data);
  }
  return found;
}
