"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels, channelRef } from "@/lib/display/channels";
import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import type { RankOrder } from "@/lib/listings/ranking";
import { portfolioKpisPageQuery, RANKING_PAGE_SIZE } from "@/lib/listing/kpis/queries";
import { windowLabel } from "@/lib/metrics/rolling-windows";
import { pageCountFor, pagerPlace } from "@/lib/queries/pages";
import type { Listing } from "@/lib/svc/schemas/listings";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { useKnownPageSize } from "@/components/ui/use-known-page-size";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { Pagination } from "@/components/ui/pagination";
import type { PortfolioKpiChoice } from "@/components/listings/portfolio-kpi-controls";
import { ORDER_OPTIONS, RankingTable } from "@/components/listings/ranking-table";
import { formatCount } from "@/lib/format/numbers";

/**
 * The ranking of a portfolio too large to read whole: the service ranks every listing and
 * this shows one page of 25 of its answer (one request a page). Names come from the listing
 * pages already read; a listing not read yet is named by its channel and id.
 */
export function PagedRanking({
  choice,
  ownerUserId,
  known,
}: {
  choice: PortfolioKpiChoice;
  ownerUserId: string | null;
  /** Listings read so far, for their names and markets. */
  known: readonly Listing[];
}) {
  const [order, setOrder] = useState<RankOrder>("desc");
  const [page, setPage] = useState(1);
  const ranking = useQuery({
    ...portfolioKpisPageQuery({ ...choice, order, page, ownerUserId }),
    placeholderData: keepPreviousData,
  });
  const byId = useMemo(() => new Map(known.map((l) => [l.svc_id, l])), [known]);
  const metricLabel = METRIC_DEFS[choice.metric].label;
  const caption = `Listings ranked by ${metricLabel.toLowerCase()}, ${windowLabel(choice.window).toLowerCase()}`;
  const rows = ranking.data?.rows ?? [];
  const total = ranking.data?.total ?? null;
  // Pages and ranks at the size the service answers, which may be less than asked.
  const answer = {
    page,
    asked: RANKING_PAGE_SIZE,
    received: rows.length + (ranking.data?.skipped ?? 0),
    total,
  };
  const knownPageSize = useKnownPageSize(ranking.data && !ranking.isPlaceholderData ? answer : null);
  const pageCount = pageCountFor(answer, knownPageSize);
  const offset = pagerPlace(answer, knownPageSize).first - 1;
  const unnamed = rows.filter((row) => !byId.has(row.listing_id)).length;

  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="paged-ranking">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-3 py-2">
        <h2 className="text-sm font-semibold text-slate-800">{caption}</h2>
        <SegmentedControl
          label="Ranking order"
          value={order}
          options={ORDER_OPTIONS}
          onValueChange={(next) => {
            setOrder(next);
            setPage(1);
          }}
        />
      </div>
      <p className="border-b border-slate-200 px-3 py-2 text-sm text-slate-700">
        Ranked by the service over every listing you can access
        {ownerUserId ? " of the owner chosen" : ""}
        {total !== null ? ` (${formatCount(total)})` : ""}; the other filters above do not narrow it at this
        size. {unnamed > 0 ? "Listings not read yet are named by their channel and number." : ""}
      </p>
      {ranking.isPending ? (
        <ListingsTableSkeleton rows={10} />
      ) : ranking.isError ? (
        <div className="p-3">
          <ErrorPanel error={ranking.error} onRetry={() => ranking.refetch()} what="the ranking" />
        </div>
      ) : rows.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-600">No listing has figures for this KPI.</p>
      ) : (
        <div aria-busy={ranking.isFetching}>
          <RankingTable
            rows={rows.map((row, i) => {
              const listing = byId.get(row.listing_id);
              return {
                listingId: row.listing_id,
                rank: row.value !== null ? offset + i + 1 : null,
                name:
                  listing?.name ?? `${labelOf(channelLabels, row.channel)} listing ${row.partner_listing_id}`,
                channelRef: listing ? channelRef(listing) : null,
                market: listing?.market_name ?? "—",
                value: row.value,
                currency: row.currency,
              };
            })}
            caption={`${caption}, page ${page} of ${pageCount}`}
            metric={choice.metric}
            metricLabel={metricLabel}
          />
        </div>
      )}
      <div className="px-3 pb-3">
        <Pagination page={page} pageCount={pageCount} onPage={setPage} />
      </div>
    </div>
  );
}
