"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { visibleListings } from "@/lib/listings/filters";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { ErrorPanel } from "@/components/ui/error-panel";
import { KpiRanking } from "@/components/listings/kpi-ranking";
import { ListingsTable } from "@/components/listings/listings-table";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { NoListingsMatch } from "@/components/listings/no-listings-match";
import { Pagination } from "@/components/ui/pagination";
import type { PortfolioRow } from "@/components/listings/portfolio-cells";
import { PortfolioCsv } from "@/components/listings/portfolio-csv";
import type { PortfolioKpiChoice } from "@/components/listings/portfolio-kpi-controls";
import { SelectionToolbar } from "@/components/listings/selection-toolbar";
import { usePortfolioSelection, type SelectedIds } from "@/components/listings/use-portfolio-selection";
import { formatCount } from "@/lib/format/numbers";
import type { TableExtras } from "@/components/listings/use-kpi-columns-read";

export const PAGE_SIZE = 25;

/**
 * The portfolio in hand (it fits in one service page, or the reader read all of it): the
 * table sorts, selects and exports across every page, and the KPI column and the ranking
 * come from one GET /listings/kpis read whole (the caller's, so the page can say its state).
 */
export function WholePortfolio({
  all,
  showHidden,
  page: askedPage,
  onPage,
  view,
  choice,
  keyKind,
  selectedIds,
  kpis,
  kpiState,
  extras,
  searching = false,
}: {
  all: Listing[];
  showHidden: boolean;
  page: number;
  onPage: (page: number) => void;
  view: "table" | "ranking";
  choice: PortfolioKpiChoice;
  keyKind: ApiKeyKind | null;
  selectedIds: SelectedIds;
  /** The portfolio's GET /listings/kpis, read whole (the page's data-kpi-state follows it). */
  kpis: UseQueryResult<PortfolioKpiRow[]>;
  /** That answer's state, as the page derived it once ("unread" until asked, with the mirror's records). */
  kpiState: "loading" | "ready" | "error" | "unread";
  /** Further KPI columns and the market comparison. */
  extras?: TableExtras;
  /** The listings given are a search's: the empty state says to change it. */
  searching?: boolean;
}) {
  const shown = useMemo(() => visibleListings(all, showHidden), [all, showHidden]);
  const hiddenCount = all.length - shown.length;
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, askedPage), pageCount);
  const kpiByListing = useMemo(
    () => new Map((kpis.data ?? []).map((row) => [row.listing_id, row])),
    [kpis.data],
  );
  // The table's rows in its current order, read when the CSV is downloaded.
  const sortedRows = useRef<(() => PortfolioRow[]) | null>(null);
  const { selected, selection } = usePortfolioSelection(shown, shown, selectedIds);
  const tableState = useMemo(
    () => ({ kpi: { choice, state: kpiState, columns: extras?.columnStates }, selection }),
    [choice, kpiState, selection, extras?.columnStates],
  );

  if (shown.length === 0) return <NoListingsMatch hiddenCount={hiddenCount} searching={searching} />;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite">
          {formatCount(shown.length)} listing{shown.length === 1 ? "" : "s"}
          {hiddenCount > 0 ? ` · ${hiddenCount} hidden not shown` : ""}
        </p>
        {view === "table" ? (
          <PortfolioCsv
            count={shown.length}
            sortedRows={sortedRows}
            choice={choice}
            kpi={kpiState}
            pageCount={pageCount}
          />
        ) : null}
      </div>
      {kpis.isError ? (
        <div className="mb-3">
          <ErrorPanel error={kpis.error} onRetry={() => kpis.refetch()} what="the KPI figures" />
        </div>
      ) : null}
      {view === "ranking" ? (
        kpis.isPending ? (
          <ListingsTableSkeleton rows={10} />
        ) : kpis.isError ? null : (
          <KpiRanking listings={shown} rows={kpis.data} choice={choice} />
        )
      ) : (
        <>
          <div className="mb-3">
            <SelectionToolbar
              selected={selected}
              readOnly={keyKind === "read_only"}
              onClear={() => selectedIds.set(new Set())}
            />
          </div>
          <ListingsTable
            listings={shown}
            keyKind={keyKind}
            pageIndex={page - 1}
            pageSize={PAGE_SIZE}
            kpiByListing={kpiByListing}
            state={tableState}
            sortedRowsRef={sortedRows}
            more={extras?.more}
            figuresByMetric={extras?.figuresByMetric}
            marketOf={extras?.marketOf}
          />
          <Pagination page={page} pageCount={pageCount} onPage={onPage} />
        </>
      )}
    </div>
  );
}
