"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { marketRows } from "@/lib/market/markets";
import { marketsQuery, myListingsQuery } from "@/lib/market/queries";
import { ErrorPanel } from "@/components/ui/error-panel";
import { MarketsTableSkeleton } from "@/components/market/markets-skeleton";
import { MarketsTable } from "@/components/market/markets-table";

/**
 * Every market the report covers for the caller (those of their own and shared listings), with
 * how many of their listings sit in each. Two reads: the markets, and the portfolio the
 * listings table and the Overview already hold.
 */
export function MarketsView() {
  const markets = useQuery(marketsQuery());
  const mine = useQuery(myListingsQuery());
  const rows = useMemo(
    () => (markets.data ? marketRows(markets.data, mine.data ?? null) : []),
    [markets.data, mine.data],
  );
  const state = markets.isPending || mine.isPending ? "loading" : markets.isError ? "error" : "ready";

  return (
    <div data-testid="markets" data-state={state} className="space-y-3">
      {markets.isPending ? (
        <MarketsTableSkeleton />
      ) : markets.isError ? (
        <ErrorPanel error={markets.error} onRetry={() => markets.refetch()} what="the markets" />
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          None of your listings sits in a market the report covers yet. Markets appear here once you own or
          manage a listing in one.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {rows.length} {rows.length === 1 ? "market" : "markets"}. Pick one for its map, time series and
            distribution.
          </p>
          <MarketsTable rows={rows} />
          {mine.isError ? (
            <ErrorPanel error={mine.error} onRetry={() => mine.refetch()} what="your listings to count" />
          ) : null}
        </>
      )}
    </div>
  );
}
