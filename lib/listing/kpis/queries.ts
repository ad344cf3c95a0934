import { queryOptions } from "@tanstack/react-query";
import type { KpiPeriod } from "@/lib/metrics/kpi-series";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { KpiMetric, KpiWindow } from "@/lib/svc/schemas/kpi-lexicon";
import { queryKeys } from "@/lib/queries/keys";
import { allRows, pageReadOf, readAllPages, type PagingRules } from "@/lib/queries/pages";
import { svc } from "@/lib/queries/svc";

/** KPIs move when reservations or prices do, which live updates announce: a minute is fresh. */
const STALE_MS = 60_000;

/** Every rolling window of every metric for one listing (GET /listings/{id}/kpis). */
export function rollingKpisQuery(svcId: string) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, "kpis-rolling"),
    queryFn: ({ signal }) =>
      svc.call("listings.kpisRolling", { params: { listing_id: svcId }, query: { channel: "svc" }, signal }),
    staleTime: STALE_MS,
  });
}

const periodEndpoints = {
  monthly: "listings.kpisMonthly",
  quarterly: "listings.kpisQuarterly",
  yearly: "listings.kpisYearly",
} as const;

/** One listing's monthly, quarterly or yearly KPIs: only the period on screen is fetched. */
export function periodKpisQuery(svcId: string, period: KpiPeriod) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, `kpis-${period}`),
    queryFn: ({ signal }) =>
      svc.call(periodEndpoints[period], { params: { listing_id: svcId }, query: { channel: "svc" }, signal }),
    staleTime: STALE_MS,
  });
}

export interface PortfolioKpiParams {
  metric: KpiMetric;
  window: KpiWindow;
  /** Null: each listing in its own currency. */
  currency: string | null;
}

/** How a ranking is paged: a row per listing; "listings" in its notices. */
export const RANKING_PAGING: PagingRules<PortfolioKpiRow> = { idOf: (r) => r.listing_id, noun: "listings" };

/**
 * The whole portfolio valued by one metric over one window (GET /listings/kpis), asked in
 * pages of 100 and read to the end by the one paging rule (lib/queries/pages.ts). The
 * table's KPI columns and the ranking view share this one answer; its notice, when reading
 * was cut short, is there for the page to show (readNotice).
 */
export function portfolioKpisQuery(params: PortfolioKpiParams) {
  return queryOptions({
    queryKey: queryKeys.listings.portfolioKpis({ ...params }),
    queryFn: ({ signal }) =>
      readAllPages(async (page) => {
        const answer = await svc.request("listings.kpis", {
          query: {
            metric: params.metric,
            window: params.window,
            currency: params.currency ?? undefined,
            page,
            per_page: PER_PAGE_MAX,
          },
          signal,
        });
        return pageReadOf(answer);
      }, RANKING_PAGING),
    select: allRows<PortfolioKpiRow>,
    staleTime: STALE_MS,
  });
}

/** Rows of one page of a large portfolio's ranking. */
export const RANKING_PAGE_SIZE = 25;

/**
 * One page of the service's own ranking (GET /listings/kpis with `order`), for a portfolio too
 * large to read whole on a page's load: the service ranks, the dashboard shows a page of it.
 * `X-Total-Count` sizes the pages when the service sends it.
 */
export function portfolioKpisPageQuery(
  params: PortfolioKpiParams & { order: "asc" | "desc"; page: number; ownerUserId: string | null },
) {
  return queryOptions({
    queryKey: queryKeys.listings.portfolioKpis({ ...params, perPage: RANKING_PAGE_SIZE }),
    queryFn: async ({ signal }) => {
      const answer = await svc.request("listings.kpis", {
        query: {
          metric: params.metric,
          window: params.window,
          currency: params.currency ?? undefined,
          owner_user_id: params.ownerUserId ?? undefined,
          order: params.order,
          page: params.page,
          per_page: RANKING_PAGE_SIZE,
        },
        signal,
      });
      return { rows: answer.data, total: answer.totalCount, skipped: answer.skipped.length };
    },
    staleTime: STALE_MS,
  });
}
