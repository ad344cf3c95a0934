import { infiniteQueryOptions } from "@tanstack/react-query";
import type { PortfolioFilters } from "../listings/queries";
import { queryKeys } from "../queries/keys";
import { svc } from "../queries/svc";
import { PER_PAGE_MAX } from "../svc/schemas/common";
import type { Listing } from "../svc/schemas/listings";

/**
 * The portfolio calendar's listing index, read a page of 100 at a time: the first page draws
 * the first screen, the rest follow one request at a time through the row loader (so the
 * index shares its in-flight cap and budget pause). `X-Total-Count`, when the service sends
 * it, sizes the grid before every page is in.
 */
export interface ListingPage {
  listings: Listing[];
  page: number;
  total: number | null;
}

export function portfolioPagesQuery(filters: PortfolioFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.listings.pages(filters),
    queryFn: async ({ pageParam, signal }): Promise<ListingPage> => {
      const answer = await svc.request("listings.list", {
        query: { ...filters, page: pageParam, per_page: PER_PAGE_MAX },
        signal,
      });
      return { listings: answer.data, page: pageParam, total: answer.totalCount };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (isLastPage(last) ? undefined : last.page + 1),
    staleTime: 60_000,
  });
}

/** A short page ends the portfolio; so does a full one that reaches X-Total-Count (no empty page read). */
export function isLastPage(page: ListingPage): boolean {
  return (
    page.listings.length < PER_PAGE_MAX || (page.total !== null && page.page * PER_PAGE_MAX >= page.total)
  );
}
