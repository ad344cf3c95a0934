import { queryOptions } from "@tanstack/react-query";
import type { BedroomsParam } from "@/lib/svc/schemas/market-report";
import type { Granularity, LexiconMetric } from "@/lib/svc/schemas/set-analytics";
import type { MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";
import { portfolioQuery } from "@/lib/listings/queries";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";

/**
 * The market report's reads. Market figures move with the nightly pricing runs, so five
 * minutes is fresh: going back and forth between markets, tabs and pickers spends nothing
 * twice. A pricing run in a market invalidates everything under its `detail` key.
 */
export const REPORT_STALE_MS = 5 * 60_000;

/** Every market of the caller's listings, with its postal codes (the list and each page). */
export function marketsQuery() {
  return queryOptions({
    queryKey: queryKeys.markets.list(),
    queryFn: ({ signal }) => svc.call("marketReport.list", { signal }),
    staleTime: REPORT_STALE_MS,
  });
}

/**
 * My listings, to count and mark them per market: the listings table's default read (managed
 * listings included), so coming from Listings or the Overview costs no request.
 */
export const myListingsQuery = () => portfolioQuery({ include_managed_listings: true });

export function bedroomGroupsQuery(marketId: string) {
  return queryOptions({
    queryKey: queryKeys.markets.resource(marketId, "bedroom-groups"),
    queryFn: ({ signal }) =>
      svc.call("marketReport.bedroomGroups", { params: { market_id: marketId }, signal }),
    staleTime: REPORT_STALE_MS,
  });
}

export interface SeriesParams {
  metric: LexiconMetric;
  bedrooms?: BedroomsParam;
  start_date?: string;
  end_date?: string;
  granularity: Granularity;
  /** Absent: the market's own currency. */
  currency?: string;
}

/** Absent keys are left out, so that equal questions share one cache entry. */
const defined = <T extends object>(params: T): T =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as T;

export function marketTimeSeriesQuery(marketId: string, params: SeriesParams, enabled = true) {
  const query = defined(params);
  return queryOptions({
    queryKey: queryKeys.markets.resource(marketId, "time-series", { ...query }),
    queryFn: ({ signal }) =>
      svc.call("marketReport.timeSeries", { params: { market_id: marketId }, query, signal }),
    staleTime: REPORT_STALE_MS,
    enabled,
  });
}

export interface DistributionParams {
  metric: LexiconMetric;
  bedrooms?: BedroomsParam;
  window: MetricWindow;
  currency?: string;
}

export function marketDistributionQuery(marketId: string, params: DistributionParams, enabled = true) {
  const query = defined(params);
  return queryOptions({
    queryKey: queryKeys.markets.resource(marketId, "distribution", { ...query }),
    queryFn: ({ signal }) =>
      svc.call("marketReport.distribution", { params: { market_id: marketId }, query, signal }),
    staleTime: REPORT_STALE_MS,
    enabled,
  });
}

/**
 * The currency parameter for a market: absent when the chosen currency is the market's own,
 * so that the same figures are one cache entry whichever way they were asked for.
 */
export function currencyParam(chosen: string | null | undefined, marketCurrency: string | undefined) {
  return chosen && chosen !== marketCurrency ? chosen : undefined;
}
