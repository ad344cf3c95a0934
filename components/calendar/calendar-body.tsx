"use client";

import type { FetchNextPageOptions } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { basePriceOf, type ColourBy, type Figure } from "@/lib/calendar/rows";
import {
  clampSelection,
  extendTo,
  selectCell,
  tapCell,
  type GridCell,
  type Selection,
} from "@/lib/calendar/selection";
import type { NightColumns } from "@/lib/format/night-columns";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { InspectEvent } from "@/components/ui/virtual-grid";
import { useNarrow, useTouchWords } from "@/components/shell/use-narrow";
import { LoadingStatus } from "@/components/calendar/loading-status";
import { NightPanel } from "@/components/calendar/night-panel";
import { PortfolioGrid } from "@/components/calendar/portfolio-grid";
import type { RowView } from "@/components/calendar/portfolio-rows";
import { SelectionBar } from "@/components/calendar/selection-bar";
import { INDEX_KEY, useRowLoading, type DateRange } from "@/components/calendar/use-row-loading";

/** Rows read ahead below the last one on screen ("about to be visible"). */
const READ_AHEAD = 8;
/** The next index page is read once the rows in view come this close to the last one known. */
const INDEX_MARGIN = 30;

/**
 * The part of the portfolio calendar that changes as rows load: the loading status, the
 * selection and its actions, the grid and the night details. Apart from the filters and
 * controls, so that each answer landing re-renders only this.
 */
export function CalendarBody({
  shown,
  rowCount,
  hasMore,
  fetchNextPage,
  dateRange,
  nights,
  colourBy,
  figure,
  label,
  keyKind,
}: {
  shown: readonly Listing[];
  rowCount: number;
  hasMore: boolean;
  fetchNextPage: (options?: FetchNextPageOptions) => Promise<unknown>;
  dateRange: DateRange;
  nights: NightColumns;
  colourBy: ColourBy;
  figure: Figure;
  label: string;
  keyKind: ApiKeyKind | null;
}) {
  const id = useId();
  const loading = useRowLoading(dateRange, nights, {
    hasMore,
    fetchMore: useCallback(() => fetchNextPage({ cancelRefetch: false }), [fetchNextPage]),
  });
  const { want, rowOf, retry } = loading;
  const failed = loading.state.failed;

  const viewOf = useCallback(
    (row: number): RowView => {
      const listing = shown[row] ?? null;
      if (!listing) return { listing: null, nights: null, failed: false };
      return {
        listing,
        nights: rowOf(listing.svc_id, basePriceOf(listing)),
        failed: failed.has(listing.svc_id),
      };
    },
    [shown, rowOf, failed],
  );

  // What is on screen, kept so that a new index page re-asks for the rows in view.
  const inView = useRef<{ visible: { first: number; last: number }; rendered: readonly number[] } | null>(
    null,
  );
  const askForRows = useCallback(() => {
    const seen = inView.current;
    if (!seen) return;
    const keys: string[] = [];
    const add = (row: number) => {
      const listing = shown[row];
      if (listing && !keys.includes(listing.svc_id)) keys.push(listing.svc_id);
    };
    const nearEnd = seen.visible.last + INDEX_MARGIN >= shown.length;
    if (hasMore && nearEnd) keys.push(INDEX_KEY);
    for (let r = seen.visible.first; r <= seen.visible.last; r++) add(r);
    for (const r of seen.rendered) add(r);
    for (let r = seen.visible.last + 1; r <= seen.visible.last + READ_AHEAD; r++) add(r);
    want(keys);
  }, [shown, hasMore, want]);
  const onRowsInView = useCallback(
    (visible: { first: number; last: number }, rendered: readonly number[]) => {
      inView.current = { visible, rendered };
      askForRows();
    },
    [askForRows],
  );
  useEffect(askForRows, [askForRows]);

  const [selection, setSelection] = useState<Selection | null>(null);
  const onSelect = useCallback(
    (cell: GridCell, extend: boolean) => setSelection((s) => (extend ? extendTo(s, cell) : selectCell(cell))),
    [],
  );
  const onTap = useCallback((cell: GridCell) => setSelection((s) => tapCell(s, cell)), []);
  const narrow = useNarrow();
  const touch = useTouchWords();
  const kept = selection ? clampSelection(selection, shown.length, nights.columns.length) : null;

  const [inspect, setInspect] = useState<{ hover: GridCell | null; focus: GridCell | null; rect?: DOMRect }>({
    hover: null,
    focus: null,
  });
  const onInspect = useCallback((event: InspectEvent) => {
    setInspect((now) =>
      event.via === "focus"
        ? { hover: null, focus: event.cell }
        : now.hover?.row === event.cell?.row && now.hover?.col === event.cell?.col
          ? now
          : { ...now, hover: event.cell, rect: event.rect },
    );
  }, []);
  const detailsCell = inspect.hover ?? inspect.focus;

  return (
    <>
      <LoadingStatus
        state={loading.state}
        loadedListings={shown.length}
        rowCount={rowCount}
        hasMore={hasMore}
        mirrored={loading.mirrored()}
      />
      <p id={`${id}-keys`} className="sr-only">
        Arrow keys move between nights and listings; Shift with an arrow key grows the selection; Escape keeps
        only the focused night; Home and End go to the first and last night.
      </p>
      <SelectionBar
        selection={kept}
        listings={shown}
        nights={nights}
        rowOf={(listing) => rowOf(listing.svc_id, basePriceOf(listing))}
        keyKind={keyKind}
        touch={touch}
        onClear={() => setSelection(null)}
      />
      <PortfolioGrid
        // Another range is other columns: start it at its first night.
        key={`${dateRange.start_date}/${dateRange.end_date}`}
        rowCount={rowCount}
        nights={nights}
        viewOf={viewOf}
        selection={kept}
        onSelect={onSelect}
        onTap={onTap}
        narrow={narrow}
        colourBy={colourBy}
        figure={figure}
        label={label}
        describedBy={`${id}-keys`}
        onInspect={onInspect}
        onRowsInView={onRowsInView}
        onRetry={retry}
      />
      <NightPanel
        cell={detailsCell}
        viewOf={viewOf}
        nights={nights}
        range={dateRange}
        touch={touch}
        hoverRect={inspect.hover ? inspect.rect : undefined}
      />
    </>
  );
}
