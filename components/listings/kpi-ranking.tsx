"use client";

import { useMemo, useState } from "react";
import { channelRef } from "@/lib/display/channels";
import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import { rankListings, type RankOrder } from "@/lib/listings/ranking";
import { windowLabel } from "@/lib/metrics/rolling-windows";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { PortfolioKpiChoice } from "@/components/listings/portfolio-kpi-controls";
import { RankingCsv } from "@/components/listings/portfolio-csv";
import { ORDER_OPTIONS, RankingTable } from "@/components/listings/ranking-table";

/**
 * The listings on screen ranked by one metric, from the same answer as the table's KPI
 * column; turning the order around re-sorts what is in hand instead of asking again.
 */
export function KpiRanking({
  listings,
  rows,
  choice,
}: {
  listings: Listing[];
  rows: PortfolioKpiRow[];
  choice: PortfolioKpiChoice;
}) {
  const [order, setOrder] = useState<RankOrder>("desc");
  const ranked = useMemo(() => rankListings(listings, rows, order), [listings, rows, order]);
  const metricLabel = METRIC_DEFS[choice.metric].label;
  // The service ranks raw values: money in several currencies would be compared as numbers.
  const mixedCurrencies =
    METRIC_DEFS[choice.metric].unit === "money" &&
    choice.currency === null &&
    new Set(ranked.map((entry) => entry.currency)).size > 1;
  const caption = `Listings ranked by ${metricLabel.toLowerCase()}, ${windowLabel(choice.window).toLowerCase()}`;

  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-3 py-2">
        <h2 className="text-sm font-semibold text-slate-800">{caption}</h2>
        <div className="flex flex-wrap items-center gap-3">
          <SegmentedControl
            label="Ranking order"
            value={order}
            options={ORDER_OPTIONS}
            onValueChange={setOrder}
          />
          <RankingCsv entries={ranked} choice={choice} order={order} />
        </div>
      </div>
      {mixedCurrencies ? (
        <p role="note" className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          These listings are priced in several currencies and each value is in its listing&apos;s own, so this
          ranking compares unlike amounts. Choose a currency above to convert them all first.
        </p>
      ) : null}
      <RankingTable
        rows={ranked.map(({ listing, value, currency, rank }) => ({
          listingId: listing.svc_id,
          rank,
          name: listing.name,
          channelRef: channelRef(listing),
          market: listing.market_name,
          value,
          currency,
        }))}
        caption={caption}
        metric={choice.metric}
        metricLabel={metricLabel}
      />
      {ranked.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-600">
          No listing shown here has figures for this KPI.
        </p>
      ) : null}
    </div>
  );
}
