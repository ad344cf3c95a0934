import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { SvcClient } from "@/lib/svc/client";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import type { Listing, ListListingsQuery } from "@/lib/svc/schemas/listings";
import { queryKeys } from "@/lib/queries/keys";
import { mirrorListingsQuery } from "@/lib/listings/mirror-listings";
import {
  allRows,
  pageReadOf,
  pagingVerdict,
  readAllPages,
  rowsOfPages,
  type AllPages,
  type PageRead,
  type PagingRules,
} from "@/lib/queries/pages";
import { svc } from "@/lib/queries/svc";

export type PortfolioFilters = Omit<ListListingsQuery, "page" | "offset" | "per_page">;

/**
 * The Listings table's default filters (managed listings included, inactive shown): the index
 * the Listings page, the Overview and the portfolio calendar open on, and so the one most often
 * in the cache.
 */
export const DEFAULT_PORTFOLIO_FILTERS: PortfolioFilters = { include_managed_listings: true };

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

/** What a page naming a listing by its svc id needs of it. */
export type ListingName = Pick<Listing, "name" | "market_id" | "market_name">;
/** Listings by svc id, for naming them; a listing not in it is named by its id. */
export type ListingNames = Readonly<Record<string, ListingName>>;

const NAMES_STALE_MS = 5 * 60_000;

/** A listing's name when `names` holds it (own keys only: "constructor" is no listing's id). */
export function listingNameOf(names: ListingNames | undefined, svcId: string): string | undefined {
  return names && Object.hasOwn(names, svcId) ? names[svcId]!.name : undefined;
}

/** A market's name as its listings carry it, when `names` holds one of them. */
export function marketNameOf(names: ListingNames | undefined, marketId: string): string | undefined {
  return Object.values(names ?? {}).find((l) => l.market_id === marketId)?.market_name;
}

function namesOf(listings: readonly Listing[]): Record<string, ListingName> {
  const names: Record<string, ListingName> = {};
  for (const l of listings)
    names[l.svc_id] = { name: l.name, market_id: l.market_id, market_name: l.market_name };
  return names;
}

/**
 * The portfolio's listings by svc id, for pages that name listings they know only by id (a
 * notification's, a webhook event's), for at most one service request however many they name:
 * the whole portfolio when another page read it; else the listing index's pages already read
 * (its first page, one request, when none is); and for a portfolio larger than those pages,
 * the account's mirror of the listing records (the dashboard's own route, no service request),
 * when it has one. Never one request per listing. Names change seldom: five minutes fresh.
 */
export function listingNamesQuery() {
  return queryOptions({
    queryKey: queryKeys.listings.names(),
    queryFn: async ({ client }): Promise<ListingNames> => {
      const whole = client.getQueryData(portfolioQuery(DEFAULT_PORTFOLIO_FILTERS).queryKey);
      if (whole) return namesOf(whole.rows);
      // Whatever pages the cache holds, even stale, rather than reading them all again.
      const pages = await client.ensureInfiniteQueryData(portfolioPagesQuery(DEFAULT_PORTFOLIO_FILTERS));
      const read = rowsOfPages(pageReadsOf(pages.pages), LISTING_PAGING.idOf);
      if (isLastPage(pages.pages)) return namesOf(read);
      const mirror = await client
        .fetchQuery(mirrorListingsQuery(DEFAULT_PORTFOLIO_FILTERS))
        // Without the mirror, the listings of the pages read are named and the rest by their id.
        .catch(() => null);
      return { ...namesOf(mirror?.listings ?? []), ...namesOf(read) };
    },
    staleTime: NAMES_STALE_MS,
  });
}
