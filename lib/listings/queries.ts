import { queryOptions } from "@tanstack/react-query";
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
