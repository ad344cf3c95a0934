import type { ListingPage } from "../calendar/queries";
import { PER_PAGE_MAX } from "../svc/schemas/common";
import type { Listing } from "../svc/schemas/listings";

/**
 * The Overview's listing index: the portfolio read page by page (GET /listings, 100 a page),
 * shared with the portfolio calendar. A portfolio that fits on its first page is complete at
 * once and behaves as it always has; a larger one is known by its size (X-Total-Count) until
 * the user asks for every listing.
 */

export interface PortfolioIndex {
  /** Listings read so far, in the service's order. */
  listings: Listing[];
  /** The portfolio's size as the service counts it; null when it sent no X-Total-Count. */
  total: number | null;
  /** Every listing is read: hidden ones can be left out and per-listing counts are exact. */
  complete: boolean;
}

/** A page shorter than a full page is the last (interface decisions, pagination). */
export function indexOf(pages: readonly ListingPage[], perPage = PER_PAGE_MAX): PortfolioIndex {
  const listings = pages.flatMap((page) => page.listings);
  const total = pages[0]?.total ?? null;
  const last = pages.at(-1);
  const complete =
    last !== undefined && (last.listings.length < perPage || (total !== null && listings.length >= total));
  return { listings, total, complete };
}

/** The portfolio's size in words-ready form: the service's count, else what is read so far. */
export function sizeOf(index: PortfolioIndex): number {
  return index.complete ? index.listings.length : Math.max(index.total ?? 0, index.listings.length);
}

/**
 * A complete portfolio cut back into the pages the infinite query holds, so that the
 * Overview and the portfolio calendar read one cache whichever filled it.
 */
export function pagesOf(listings: readonly Listing[], perPage = PER_PAGE_MAX) {
  const pages: ListingPage[] = [];
  for (let i = 0; i === 0 || i < listings.length; i += perPage) {
    pages.push({ listings: listings.slice(i, i + perPage), page: pages.length + 1, total: listings.length });
  }
  // A page exactly full would ask for one more page: the empty page says "no more", as the service would.
  if (listings.length > 0 && listings.length % perPage === 0) {
    pages.push({ listings: [], page: pages.length + 1, total: listings.length });
  }
  return { pages, pageParams: pages.map((p) => p.page) };
}

/**
 * A portfolio whose every listing came on one page: its whole rankings are one request each,
 * so the pulse reads them on load, as it always has.
 */
export function fitsOnePage(index: PortfolioIndex, perPage = PER_PAGE_MAX): boolean {
  return index.complete && index.listings.length <= perPage;
}
