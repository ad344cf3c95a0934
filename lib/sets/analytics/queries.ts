import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { refusalIs } from "@/lib/svc/errors";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { AggregatedMetricsQuery, SetTimeSeriesQuery } from "@/lib/svc/schemas/set-analytics";
import type { MetricWindow, SetMetric } from "@/lib/svc/schemas/kpi-lexicon";
import type { SetRecord, UpgradedSet } from "@/lib/svc/schemas/sets";
import { queryKeys } from "@/lib/queries/keys";
import {
  allRows,
  pageReadOf,
  pagingVerdict,
  rowsOfPages,
  type AllPages,
  type PageRead,
} from "@/lib/queries/pages";
import { RANKING_PAGING } from "@/lib/listing/kpis/queries";
import { shouldRetry } from "@/lib/queries/retry";
import { setQuery } from "@/lib/sets/queries";
import { svc } from "@/lib/queries/svc";

/**
 * The paid-only set analytics (aggregated metrics, time series, distribution, changelog) and
 * the upgrade that unlocks them. Every builder takes the set record and is enabled only when
 * `is_paid`: a free set answers these endpoints 404, which reads like a missing set, so they
 * are never called for one (docs/interface.md, Dynamic sets rule 5).
 */

/** Analytics move slowly (nightly runs): five minutes fresh, so switching tabs spends nothing. */
export const ANALYTICS_STALE_MS = 5 * 60_000;
export const CHANGELOG_PER_PAGE = 20;

type PaidGuard = Pick<SetRecord, "id" | "is_paid">;

export function setAggregatedMetricsQuery(set: PaidGuard, params: Omit<AggregatedMetricsQuery, "currency">) {
  return queryOptions({
    queryKey: queryKeys.sets.analyticsResource(set.id, "aggregated", params),
    queryFn: ({ signal }) =>
      svc.call("sets.aggregatedMetrics", { params: { set_id: set.id }, query: params, signal }),
    enabled: set.is_paid,
    staleTime: ANALYTICS_STALE_MS,
  });
}

export function setTimeSeriesQuery(set: PaidGuard, params: Omit<SetTimeSeriesQuery, "currency">) {
  return queryOptions({
    queryKey: queryKeys.sets.analyticsResource(set.id, "time-series", params),
    queryFn: ({ signal }) =>
      svc.call("sets.timeSeries", { params: { set_id: set.id }, query: params, signal }),
    enabled: set.is_paid,
    staleTime: ANALYTICS_STALE_MS,
  });
}

export function setDistributionQuery(set: PaidGuard, params: { metric: SetMetric; window: MetricWindow }) {
  return queryOptions({
    queryKey: queryKeys.sets.analyticsResource(set.id, "distribution", params),
    queryFn: ({ signal }) =>
      svc.call("sets.distribution", { params: { set_id: set.id }, query: params, signal }),
    enabled: set.is_paid,
    staleTime: ANALYTICS_STALE_MS,
  });
}

/** One page of the set's change history, newest first, with the total when the service sends it. */
export function setChangelogQuery(set: PaidGuard, page: number) {
  return queryOptions({
    queryKey: queryKeys.sets.analyticsResource(set.id, "changelog", { page }),
    queryFn: async ({ signal }) => {
      const response = await svc.request("sets.changelog", {
        params: { set_id: set.id },
        query: { page, per_page: CHANGELOG_PER_PAGE },
        signal,
      });
      return { entries: response.data, totalCount: response.totalCount, skipped: response.skipped.length };
    },
    enabled: set.is_paid,
    staleTime: ANALYTICS_STALE_MS,
  });
}

const PORTFOLIO_PER_PAGE = 100;

/**
 * The caller's accessible listings valued by one metric over one window, converted into the
 * set's currency: one request ranks the whole portfolio, where reading each listing's KPIs
 * would spend one per listing. Pages are read only until every wanted listing is found, or
 * the one paging rule (lib/queries/pages.ts) ends the ranking.
 * `scope` keeps this all-pages answer apart from one-page rankings under the same prefix.
 */
export function portfolioMetricQuery(
  params: { metric: SetMetric; window: MetricWindow; currency: string },
  wanted: readonly string[],
) {
  return queryOptions({
    queryKey: queryKeys.listings.portfolioKpis({ ...params, scope: "set-distribution", wanted }),
    queryFn: async ({ signal }): Promise<AllPages<PortfolioKpiRow>> => {
      const pages: PageRead<PortfolioKpiRow>[] = [];
      const missing = new Set(wanted);
      let notice: string | null = null;
      while (missing.size > 0) {
        const verdict = pagingVerdict(pages, RANKING_PAGING);
        if (!verdict.next) {
          notice = verdict.notice;
          break;
        }
        const response = await svc.request("listings.kpis", {
          query: { ...params, page: pages.length + 1, per_page: PORTFOLIO_PER_PAGE },
          signal,
        });
        pages.push(pageReadOf(response));
        for (const row of response.data) missing.delete(row.listing_id);
      }
      return { rows: rowsOfPages(pages, RANKING_PAGING.idOf), notice };
    },
    select: allRows<PortfolioKpiRow>,
    enabled: wanted.length > 0,
    staleTime: ANALYTICS_STALE_MS,
  });
}

/**
 * 409 on upgrade means the set is already paid: a state, not "retry after the running write"
 * (the interface's 409 for a running write is on PUTs; the upgrade is a POST).
 */
export function retryUpgrade(failureCount: number, error: unknown): boolean {
  if (refusalIs(error, 409, "already_paid")) return false;
  return shouldRetry(failureCount, error);
}

/**
 * Buys the paid plan. The answer is the set as it now is: it goes straight into the set's
 * cache entry (so the page shows the analytics without a reload), and the set lists, which
 * carry the paid badge, are re-read.
 */
export async function upgradeSet(queryClient: QueryClient, setId: string): Promise<UpgradedSet> {
  const upgraded = await svc.call("sets.upgrade", { params: { set_id: setId } });
  queryClient.setQueryData(queryKeys.sets.detail(setId), upgraded);
  await queryClient.invalidateQueries({ queryKey: queryKeys.sets.lists() });
  return upgraded;
}

/**
 * After "already paid": the set itself is read again (fetched, not just marked stale, since the
 * page may hold it without an active query) and the lists are re-read; nothing under the set.
 */
export async function refreshSet(queryClient: QueryClient, setId: string): Promise<void> {
  await Promise.all([
    queryClient.fetchQuery({ ...setQuery(setId), staleTime: 0 }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sets.lists() }),
  ]);
}
