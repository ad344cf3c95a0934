"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsInteger, useQueryStates } from "nuqs";
import { useCallback, useMemo, useRef, useState } from "react";
import { ownersOf, visibleListings } from "@/lib/listings/display";
import { portfolioKpisQuery } from "@/lib/listing/kpis/queries";
import { portfolioQuery } from "@/lib/listings/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { ErrorPanel } from "../ui/error-panel";
import { SegmentedControl } from "../ui/segmented-control";
import { KpiRanking } from "./kpi-ranking";
import { ListingsFilters } from "./listings-filters";
import { ListingsTable } from "./listings-table";
import { ListingsTableSkeleton } from "./listings-skeleton";
import { Pagination } from "./pagination";
import type { PortfolioRow } from "./portfolio-cells";
import { PortfolioCsv } from "./portfolio-csv";
import { portfolioFilterParsers, serviceFiltersOf } from "./portfolio-filter-state";
import { PortfolioKpiControls, type PortfolioKpiChoice } from "./portfolio-kpi-controls";
import { portfolioKpiState } from "./portfolio-kpi-state";
import type { PortfolioTableState } from "./portfolio-table-context";
import { SelectionToolbar } from "./selection-toolbar";

export const PAGE_SIZE = 25;

/** Filters live in the URL, so a filtered view can be bookmarked and shared. */
const filterParsers = {
  ...portfolioFilterParsers,
  page: parseAsInteger.withDefault(1),
  ...portfolioKpiState,
};

const VIEW_OPTIONS = [
  { value: "table", label: "Table" },
  { value: "ranking", label: "Ranking" },
] as const;

export function ListingsView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const [filters, setFilters] = useQueryStates(filterParsers);
  const serviceFilters = serviceFiltersOf(filters);
  const portfolio = useQuery(portfolioQuery(serviceFilters));
  // The owner picker lists every owner of the portfolio, whichever owner is picked now.
  const everyOwner = useQuery({
    ...portfolioQuery({ ...serviceFilters, owner_user_id: undefined }),
    enabled: filters.owner !== null,
  });
  const ownerSource = filters.owner === null ? portfolio.data : everyOwner.data;

  // One GET /listings/kpis answers the KPI column and the ranking view alike; it
  // covers every accessible listing, so the filters above never change it.
  const choice: PortfolioKpiChoice = {
    metric: filters.kpi,
    window: filters.window,
    currency: filters.currency,
  };
  const kpis = useQuery(portfolioKpisQuery(choice));

  const all = useMemo(() => portfolio.data ?? [], [portfolio.data]);
  const shown = useMemo(() => visibleListings(all, filters.hidden), [all, filters.hidden]);
  const hiddenCount = all.length - shown.length;
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page), pageCount);
  const currencies = useMemo(() => [...new Set(all.map((l) => l.currency))].sort(), [all]);

  const kpiState = kpis.isPending ? "loading" : kpis.isError ? "error" : "ready";
  const kpiByListing = useMemo(
    () => new Map((kpis.data ?? []).map((row) => [row.listing_id, row])),
    [kpis.data],
  );

  // The table's rows in its current order, read when the CSV is downloaded.
  const sortedRows = useRef<(() => PortfolioRow[]) | null>(null);

  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  // Only rows on screen count as selected: a filter that hides a row drops it from the batch.
  const selected = useMemo(() => shown.filter((l) => selectedIds.has(l.svc_id)), [shown, selectedIds]);
  const toggle = useCallback((svcId: string) => {
    setSelectedIds((prev) => {
      const next = new Set(prev);
      if (!next.delete(svcId)) next.add(svcId);
      return next;
    });
  }, []);
  const tableState: PortfolioTableState = useMemo(
    () => ({
      kpi: {
        choice: { metric: filters.kpi, window: filters.window, currency: filters.currency },
        state: kpiState,
      },
      selection: {
        ids: new Set(selected.map((l) => l.svc_id)),
        shownCount: shown.length,
        toggle,
        toggleAll: () =>
          setSelectedIds(selected.length === shown.length ? new Set() : new Set(shown.map((l) => l.svc_id))),
      },
    }),
    [filters.kpi, filters.window, filters.currency, kpiState, selected, shown, toggle],
  );

  return (
    <div className="space-y-4">
      <ListingsFilters
        filters={filters}
        owners={ownersOf(ownerSource ?? [])}
        onChange={(next) => setFilters({ ...next, page: 1 })}
      />
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <PortfolioKpiControls
          choice={choice}
          currencies={currencies}
          onChange={(next) =>
            setFilters({
              ...(next.metric ? { kpi: next.metric } : {}),
              ...(next.window ? { window: next.window } : {}),
              ...("currency" in next ? { currency: next.currency ?? null } : {}),
            })
          }
        />
        <SegmentedControl
          label="View"
          value={filters.view}
          options={VIEW_OPTIONS}
          onValueChange={(view) => setFilters({ view })}
        />
      </div>
      <div
        data-state={portfolio.isPending ? "loading" : portfolio.isError ? "error" : "ready"}
        data-testid="portfolio"
        data-kpi-state={kpiState}
      >
        {portfolio.isPending ? (
          <ListingsTableSkeleton />
        ) : portfolio.isError ? (
          <ErrorPanel error={portfolio.error} onRetry={() => portfolio.refetch()} what="your listings" />
        ) : shown.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium">No listings match these filters.</p>
            <p className="mt-1 text-sm text-slate-600">
              {hiddenCount > 0
                ? `${hiddenCount} hidden listing${hiddenCount === 1 ? " is" : "s are"} not shown. Turn on “Show hidden listings” to see ${hiddenCount === 1 ? "it" : "them"}.`
                : "Try including managed listings or another owner."}
            </p>
          </div>
        ) : (
          <>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-600" aria-live="polite">
                {shown.length} listing{shown.length === 1 ? "" : "s"}
                {hiddenCount > 0 ? ` · ${hiddenCount} hidden not shown` : ""}
              </p>
              {filters.view === "table" ? (
                <PortfolioCsv
                  count={shown.length}
                  sortedRows={sortedRows}
                  choice={choice}
                  kpiReady={kpiState === "ready"}
                  pageCount={pageCount}
                />
              ) : null}
            </div>
            {kpis.isError ? (
              <div className="mb-3">
                <ErrorPanel error={kpis.error} onRetry={() => kpis.refetch()} what="the KPI figures" />
              </div>
            ) : null}
            {filters.view === "ranking" ? (
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
                    onClear={() => setSelectedIds(new Set())}
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
                />
                <Pagination page={page} pageCount={pageCount} onPage={(p) => setFilters({ page: p })} />
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
