import type { InfiniteData } from "@tanstack/react-query";
import { LISTING_PAGING, pageReadsOf, type ListingPage } from "@/lib/listings/queries";
import { pagingVerdict, rowsOfPages } from "@/lib/queries/pages";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import type { Listing } from "@/lib/svc/schemas/listings";

/**
 * What the dashboard knows of a portfolio read a service page at a time (the listing index the
 * Listings page and the portfolio calendar share). A portfolio that fits in one page is read
 * whole by its first request, and every page works on it as on a list in hand; a larger one
 * is shown a service page at a time until the reader asks for all of it.
 */
export interface PortfolioIndex {
  /** Every listing read so far, in the service's order, each once. */
  listings: Listing[];
  /** Pages read so far. */
  pages: number;
  /** Listings in the portfolio (X-Total-Count), or what is known while the header is absent. */
  total: number;
  /** Whether the service said how many there are. */
  totalKnown: boolean;
  /** Every page has been read: the portfolio is in hand. */
  complete: boolean;
  /** Listings on one service page: what the first page held, the service's page size. */
  pageSize: number;
  /** Why reading ended before the service's end (a repeated page, the page cap…); null when it did not. */
  notice: string | null;
}

/** Rows of one service page: the size in which a large portfolio's table is shown. */
export const INDEX_PAGE_SIZE = PER_PAGE_MAX;

export function portfolioIndexOf(
  data: InfiniteData<ListingPage, unknown> | undefined,
): PortfolioIndex | null {
  if (!data || data.pages.length === 0) return null;
  const reads = pageReadsOf(data.pages);
  const listings = rowsOfPages(reads, LISTING_PAGING.idOf);
  const verdict = pagingVerdict(reads, LISTING_PAGING);
  const complete = !verdict.next;
  const header = data.pages[data.pages.length - 1]!.total;
  return {
    listings,
    pages: data.pages.length,
    total: complete ? listings.length : (header ?? listings.length),
    totalKnown: complete || header !== null,
    complete,
    // Rows set aside as unreadable held their places on the page.
    pageSize: Math.max(1, data.pages[0]!.listings.length + (data.pages[0]!.skipped ?? 0)),
    notice: verdict.next ? null : verdict.notice,
  };
}

/** The listings of one service page (1-based), or null while it has not been read. */
export function indexPage(
  data: InfiniteData<ListingPage, unknown> | undefined,
  page: number,
): Listing[] | null {
  return data?.pages.find((p) => p.page === page)?.listings ?? null;
}

/**
 * Service pages in the portfolio, at the size the service answers (which may be less than
 * asked); while the count is unknown, one more than read so far.
 */
export function indexPageCount(index: PortfolioIndex): number {
  if (index.complete) return index.pages;
  return index.totalKnown ? Math.max(1, Math.ceil(index.total / index.pageSize)) : index.pages + 1;
}

/**
 * A whole portfolio already in hand (another page read it as one list) cut into the pages the
 * index holds, so that every page reads one cache whichever filled it and moving on costs no
 * request. Its pages say their total, so the last full one asks for nothing more.
 */
export function pagesOf(
  listings: readonly Listing[],
  perPage = INDEX_PAGE_SIZE,
): InfiniteData<ListingPage, number> {
  const pages: ListingPage[] = [];
  for (let i = 0; i === 0 || i < listings.length; i += perPage) {
    pages.push({ listings: listings.slice(i, i + perPage), page: pages.length + 1, total: listings.length });
  }
  return { pages, pageParams: pages.map((p) => p.page) };
}

/** Every listing came on the first page: such a portfolio is read and ranked whole on load, as always. */
export function fitsOnePage(index: PortfolioIndex): boolean {
  return index.complete && index.pages === 1;
}
