"use client";

import { useMemo } from "react";
import { visibleListings } from "@/lib/listings/filters";
import { INDEX_PAGE_SIZE, indexPageCount, type PortfolioIndex } from "@/lib/listings/portfolio-index";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Listing } from "@/lib/svc/schemas/listings";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ListingsTable } from "@/components/listings/listings-table";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { NoListingsMatch } from "@/components/listings/no-listings-match";
import { Pagination } from "@/components/ui/pagination";
import type { PortfolioKpiChoice } from "@/components/listings/portfolio-kpi-controls";
import { SelectionToolbar } from "@/components/listings/selection-toolbar";
import { usePortfolioSelection, type SelectedIds } from "@/components/listings/use-portfolio-selection";
import { formatCount } from "@/lib/format/numbers";

/**
 * A large portfolio's table, one service page at a time in the service's order (one
 * request a page, read when the reader moves on to it). Sorting sorts the page; the selection
 * holds across pages.
 */
export function PagedPortfolio({
  index,
  rows,
  pageError,
  onRetry,
  page,
  onPage,
  showHidden,
  choice,
  keyKind,
  selectedIds,
}: {
  index: PortfolioIndex;
  /** This page's listings; null while it is being read. */
  rows: Listing[] | null;
  pageError: Error | null;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  showHidden: boolean;
  choice: PortfolioKpiChoice;
  keyKind: ApiKeyKind | null;
  selectedIds: SelectedIds;
}) {
  const pageCount = indexPageCount(index);
  const shownHere = useMemo(() => visibleListings(rows ?? [], showHidden), [rows, showHidden]);
  const hiddenHere = (rows?.length ?? 0) - shownHere.length;
  // Every listing read so far and shown counts for the toolbar: a selection spans pages.
  const shownAll = useMemo(() => visibleListings(index.listings, showHidden), [index.listings, showHidden]);
  const { selected, selection } = usePortfolioSelection(shownAll, shownHere, selectedIds, "on this page");
  const tableState = useMemo(
    () => ({ kpi: { choice, state: "unread" as const }, selection }),
    [choice, selection],
  );
  // Pages are the service's, at the size it answers (which may be less than asked).
  const first = (page - 1) * index.pageSize + 1;
  const last = first + (rows?.length ?? 0) - 1;

  return (
    <div>
      <div className="mb-3">
        <SelectionToolbar
          selected={selected}
          readOnly={keyKind === "read_only"}
          onClear={() => selectedIds.set(new Set())}
        />
      </div>
      {rows === null ? (
        pageError ? (
          <ErrorPanel error={pageError} onRetry={onRetry} what="this page of listings" />
        ) : (
          <ListingsTableSkeleton />
        )
      ) : shownHere.length === 0 ? (
        <NoListingsMatch hiddenCount={hiddenHere} scope=" on this page" />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            Listings {formatCount(first)}–{formatCount(last)} of{" "}
            {index.totalKnown ? formatCount(index.total) : "more"}
            {hiddenHere > 0 ? ` · ${hiddenHere} hidden on this page not shown` : ""}
          </p>
          <ListingsTable
            listings={shownHere}
            keyKind={keyKind}
            pageIndex={0}
            pageSize={INDEX_PAGE_SIZE}
            state={tableState}
            caption={`Your listings, page ${page} of ${pageCount}; sorting applies to this page only`}
          />
        </>
      )}
      <Pagination page={page} pageCount={pageCount} onPage={onPage} />
    </div>
  );
}
