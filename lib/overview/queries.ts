import { queryOptions } from "@tanstack/react-query";
import type { KpiMetric, KpiWindow } from "@/lib/svc/schemas/kpi-lexicon";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import { portfolioKpisQuery } from "@/lib/listing/kpis/queries";
import {
  DEFAULT_PORTFOLIO_FILTERS,
  portfolioPagesQuery,
  portfolioQuery,
  type PortfolioFilters,
} from "@/lib/listings/queries";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";

/**
 * What the Overview reads, built from the same query builders as the pages that own the data,
 * so that moving on costs no request: the listing index (the portfolio calendar's pages, the
 * Listings table's default filters), the pulse's three whole rankings and the attention
 * list's lowest-first ranking.
 */

/** The pulse's window: the next 30 nights, what is on the books. */
export const PULSE_WINDOW: KpiWindow = "0_30";
export const PULSE_METRICS = [
  "revenue",
  "nights_booked",
  "occupancy",
] as const satisfies readonly KpiMetric[];
export type PulseMetric = (typeof PULSE_METRICS)[number];
/** The attention list's window: a listing empty in the next 14 nights still has time to sell. */
export const ATTENTION_WINDOW: KpiWindow = "0_14";

/** The portfolio table's default (managed listings included, inactive shown). */
export const OVERVIEW_FILTERS: PortfolioFilters = DEFAULT_PORTFOLIO_FILTERS;

/** The Listings table's whole portfolio: filled by the Overview once it holds every listing. */
export const overviewPortfolioQuery = () => portfolioQuery(OVERVIEW_FILTERS);

/** The listing index a page at a time, with X-Total-Count: first load reads page 1 only. */
export const overviewPagesQuery = () => portfolioPagesQuery(OVERVIEW_FILTERS);

/** A whole ranking: one request for a portfolio of one page, read on request for larger ones. */
export const pulseQuery = (metric: PulseMetric) =>
  portfolioKpisQuery({ metric, window: PULSE_WINDOW, currency: null });

/**
 * The 100 lowest-booked listings of the next 14 nights, ranked by the service (order=asc,
 * first page): one request whatever the portfolio's size. For a portfolio of one page it is
 * the whole ranking.
 */
export function lowestOccupancyQuery() {
  const query = {
    metric: "occupancy",
    window: ATTENTION_WINDOW,
    order: "asc",
    page: 1,
    per_page: PER_PAGE_MAX,
  } as const;
  return queryOptions({
    queryKey: queryKeys.listings.portfolioKpis({ ...query, currency: null }),
    queryFn: ({ signal }) => svc.call("listings.kpis", { query, signal }),
    staleTime: 60_000,
  });
}
