"use client";

import { useQueries } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { againstMarket, type MarketOccupancy } from "@/lib/listings/against-market";
import { portfolioKpisQuery } from "@/lib/listing/kpis/queries";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { MoreColumns } from "@/components/listings/listings-table";
import type { KpiFigure } from "@/components/listings/portfolio-cells";
import type { PortfolioKpiChoice } from "@/components/listings/portfolio-kpi-controls";
import type { KpiReadState } from "@/components/listings/portfolio-table-context";

/** What the table needs for the further KPI columns and the market comparison. */
export interface TableExtras {
  more: MoreColumns;
  figuresByMetric: ReadonlyMap<KpiMetric, ReadonlyMap<string, KpiFigure>>;
  columnStates: Partial<Record<KpiMetric, KpiReadState>>;
  marketOf?: (listing: Listing, occupancy: number | null | undefined) => ReturnType<typeof againstMarket>;
}

/**
 * The further KPI columns' figures: one GET /listings/kpis read whole per metric, in the
 * window and currency chosen, read when the primary column is (the cache shares a read with
 * the ranking and the Overview). The market comparison joins when occupancy is shown and the
 * mirror holds market figures.
 */
export function useKpiColumnsRead(
  choice: PortfolioKpiChoice,
  extra: readonly KpiMetric[],
  enabled: boolean,
  marketOccupancy: MarketOccupancy[] | null,
): TableExtras {
  const reads = useQueries({
    queries: extra.map((metric) => ({ ...portfolioKpisQuery({ ...choice, metric }), enabled })),
  });
  const extraKey = extra.join(",");
  const dataKey = reads.map((r) => r.dataUpdatedAt).join(",");
  const stateKey = reads.map((r) => r.status).join(",");
  const figuresByMetric = useMemo(
    () =>
      new Map(
        extra.map((metric, i) => [
          metric,
          new Map((reads[i]?.data ?? []).map((row) => [row.listing_id, row] as const)),
        ]),
      ),
    // The answers' times and the metrics stand for the reads, which are new objects each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [extraKey, dataKey],
  );
  const columnStates = useMemo(
    () =>
      Object.fromEntries(
        extra.map((metric, i) => {
          const r = reads[i];
          const state: KpiReadState = !enabled
            ? "unread"
            : r?.isPending
              ? "loading"
              : r?.isError
                ? "error"
                : "ready";
          return [metric, state];
        }),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [extraKey, stateKey, enabled],
  );
  const withOccupancy = choice.metric === "occupancy" || extra.includes("occupancy");
  const withMarket = withOccupancy && (marketOccupancy?.length ?? 0) > 0;
  const window = choice.window;
  const marketOf = useCallback(
    (listing: Listing, occupancy: number | null | undefined) =>
      againstMarket(listing, occupancy, window, marketOccupancy ?? []),
    [window, marketOccupancy],
  );
  const more = useMemo(() => ({ metrics: extra, withMarket }), [extra, withMarket]);
  return { more, figuresByMetric, columnStates, marketOf: withMarket ? marketOf : undefined };
}
