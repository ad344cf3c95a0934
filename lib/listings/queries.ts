import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { PER_PAGE_MAX } from "../svc/schemas/common";
import type { Listing, ListListingsQuery } from "../svc/schemas/listings";
import { queryKeys } from "../queries/keys";
import { svc } from "../queries/svc";

export type PortfolioFilters = Omit<ListListingsQuery, "page" | "offset" | "per_page">;

/**
 * The whole portfolio for these filters, read in pages of 100: portfolios are hundreds of
 * listings at most, and holding them all lets the table filter hidden ones, sort and page
 * without spending more requests.
 */
export function portfolioQuery(filters: PortfolioFilters) {
  return queryOptions({
    queryKey: queryKeys.listings.list(filters),
    queryFn: async ({ signal }) => {
      const all: Listing[] = [];
      for (let page = 1; ; page += 1) {
        const batch = await svc.call("listings.list", {
          query: { ...filters, page, per_page: PER_PAGE_MAX },
          signal,
        });
        all.push(...batch);
        if (batch.length < PER_PAGE_MAX) return all;
      }
    },
    staleTime: 60_000,
  });
}

/**
 * The portfolio's listing index, read a page of 100 at a time, shared by the Listings page,
 * the Overview and the portfolio calendar (lib/listings/portfolio-index.ts): the first page on
 * load, the rest as each page needs them. `X-Total-Count`, when the service sends it, sizes
 * the portfolio before every page is in.
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
