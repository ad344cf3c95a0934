import { pagerPlace } from "@/lib/queries/pages";

/** Where a pager over the service's pages stands: previous and next, and the count when known. */
export interface PageInfo {
  /** Known only when the service sent X-Total-Count. */
  pageCount: number | null;
  hasPrevious: boolean;
  hasNext: boolean;
}

/**
 * X-Total-Count is optional: with it the page count is known; without it another page may
 * exist while pages come back full (a short page is the last). Pages are the service's size,
 * which may be less than `perPage` (pagerPlace); `knownPageSize` is what page 1 proved.
 */
export function pageInfoOf(input: {
  page: number;
  perPage: number;
  /** Rows the service sent, those set aside as unreadable included. */
  rowCount: number;
  totalCount: number | null;
  knownPageSize?: number | null;
}): PageInfo {
  const { page, perPage, rowCount, totalCount, knownPageSize = null } = input;
  const place = pagerPlace({ page, asked: perPage, received: rowCount, total: totalCount }, knownPageSize);
  return { pageCount: place.pageCount, hasPrevious: place.hasPrevious, hasNext: place.hasNext };
}
