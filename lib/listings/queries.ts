import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { SvcClient } from "@/lib/svc/client";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import type { Listing, ListListingsQuery } from "@/lib/svc/schemas/listings";
import { queryKeys } from "@/lib/queries/keys";
import {
  allRows,
  pageReadOf,
  pagingVerdict,
  readAllPages,
  type AllPages,
  type PageRead,
  type PagingRules,
} from "@/lib/queries/pages";
import { svc } from "@/lib/queries/svc";

export type PortfolioFilters = Omit<ListListingsQuery, "page" | "offset" | "per_page">;

/** How every listing read is paged: by svc id, "listings" in its notices. */
export const LISTING_PAGING: PagingRules<Listing> = { idOf: (l) => l.svc_id, noun: "listings" };

/**
 * Every listing for these filters through `client`, asking pages of 100: the service may
 * answer smaller ones, so the end is the count or an empty page (lib/queries/pages.ts).
 */
export function readAllListings(
  client: SvcClient,
  filters: PortfolioFilters,
  signal?: AbortSignal,
): Promise<AllPages<Listing>> {
  return readAllPages(
    async (page) =>
      pageReadOf(
        await client.request("listings.list", {
          query: { ...filters, page, per_page: PER_PAGE_MAX },
          signal,
        }),
      ),
    LISTING_PAGING,
  );
}

/**
 * The whole portfolio for these filters: portfolios are hundreds of listings at most, and
 * holding them all lets the table filter hidden ones, sort and page without spending more
 * requests. The cache holds the notice too; pages that show it select it (readNotice).
 */
export function portfolioQuery(filters: PortfolioFilters) {
  return queryOptions({
    queryKey: queryKeys.listings.list(filters),
    queryFn: ({ signal }) => readAllListings(svc, filters, signal),
    select: allRows<Listing>,
    staleTime: 60_000,
  });
}

/**
 * The portfolio's listing index, read a service page at a time (100 asked), shared by the
 * Listings page, the Overview and the portfolio calendar (lib/listings/portfolio-index.ts):
 * the first page on load, the rest as each page needs them. `X-Total-Count`, when the service sends it, sizes
 * the portfolio before every page is in.
 */
export interface ListingPage {
  listings: Listing[];
  page: number;
  total: number | null;
  /** Listings the service sent that could not be read (counted as sent by the paging rule). */
  skipped?: number;
}

export function portfolioPagesQuery(filters: PortfolioFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.listings.pages(filters),
    queryFn: async ({ pageParam, signal }): Promise<ListingPage> => {
      const answer = await svc.request("listings.list", {
        query: { ...filters, page: pageParam, per_page: PER_PAGE_MAX },
        signal,
      });
      const { total, skipped } = pageReadOf(answer);
      return { listings: answer.data, page: pageParam, total, skipped };
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (isLastPage(pages) ? undefined : last.page + 1),
    staleTime: 60_000,
  });
}

/** The index's pages as the paging rule reads them. */
export const pageReadsOf = (pages: readonly ListingPage[]): PageRead<Listing>[] =>
  pages.map((p) => ({ rows: p.listings, total: p.total, skipped: p.skipped }));

/** Whether the pages read so far end the portfolio (the count, an empty page, or a notice). */
export function isLastPage(pages: readonly ListingPage[]): boolean {
  return !pagingVerdict(pageReadsOf(pages), LISTING_PAGING).next;
}
