"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { portfolioPagesQuery } from "@/lib/calendar/queries";
import { lastNight, rangeFromUrl } from "@/lib/calendar/range";
import { basePriceOf } from "@/lib/calendar/rows";
import {
  clampSelection,
  extendTo,
  selectCell,
  type GridCell,
  type Selection,
} from "@/lib/calendar/selection";
import { todayUtc } from "@/lib/format/dates";
import { nightColumns } from "@/lib/format/night-columns";
import { ownersOf, visibleListings } from "@/lib/listings/display";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { ListingsFilters } from "../listings/listings-filters";
import { portfolioFilterParsers, serviceFiltersOf } from "../listings/portfolio-filter-state";
import { ErrorPanel } from "../ui/error-panel";
import type { InspectEvent } from "../ui/virtual-grid";
import { CalendarControls } from "./calendar-controls";
import { LoadingStatus } from "./loading-status";
import { NightPanel } from "./night-panel";
import { PortfolioCalendarSkeleton } from "./portfolio-calendar-skeleton";
import { PortfolioGrid } from "./portfolio-grid";
import { PortfolioLegend } from "./portfolio-legend";
import type { RowView } from "./portfolio-rows";
import { SelectionBar } from "./selection-bar";
import { INDEX_KEY, useRowLoading } from "./use-row-loading";

/** Rows read ahead below the last one on screen ("about to be visible"). */
const READ_AHEAD = 8;
/** The next index page is read once the rows in view come this close to the last one known. */
const INDEX_MARGIN = 30;

const urlState = {
  ...portfolioFilterParsers,
  from: parseAsString,
  nights: parseAsInteger,
  colour: parseAsStringLiteral(["price", "demand"] as const).withDefault("price"),
  figure: parseAsStringLiteral(["price", "recommended"] as const).withDefault("price"),
};

/**
 * The portfolio calendar: every listing of the portfolio (the Listings filters and the
 * portfolio switcher apply) by every night of a range. Listings come a page at a time, each
 * row's nights when the row comes into view; a rectangle of nights can be selected and a
 * custom rate or a minimum stay set over it.
 */
export function PortfolioCalendarView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const id = useId();
  const [state, setState] = useQueryStates(urlState);
  const today = todayUtc();
  const range = rangeFromUrl(state.from, state.nights, today);
  const dateRange = useMemo(
    () => ({ start_date: range.start, end_date: lastNight(range) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the range is its two figures
    [range.start, range.nights],
  );
  const nights = useMemo(() => nightColumns(dateRange.start_date, dateRange.end_date), [dateRange]);

  const index = useInfiniteQuery(portfolioPagesQuery(serviceFiltersOf(state)));
  const all = useMemo(() => index.data?.pages.flatMap((p) => p.listings) ?? [], [index.data]);
  const shown = useMemo(() => visibleListings(all, state.hidden), [all, state.hidden]);
  const total = index.data?.pages[0]?.total ?? null;
  const hasMore = index.hasNextPage;
  const rowCount = hasMore
    ? Math.max(shown.length + 1, (total ?? all.length + 1) - (all.length - shown.length))
    : shown.length;

  const fetchNextPage = index.fetchNextPage;
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

  if (index.isPending) return <PortfolioCalendarSkeleton />;
  if (index.isError)
    return <ErrorPanel error={index.error} onRetry={() => void index.refetch()} what="your listings" />;

  const filters = (
    <ListingsFilters
      filters={state}
      owners={ownersOf(all)}
      onChange={(next) => {
        setSelection(null);
        void setState(next);
      }}
    />
  );
  const controls = (
    <CalendarControls
      range={range}
      today={today}
      colourBy={state.colour}
      figure={state.figure}
      onRange={(next) => {
        void setState({ from: next.start === today ? null : next.start, nights: next.nights });
      }}
      onColourBy={(colour) => void setState({ colour })}
      onFigure={(figure) => void setState({ figure })}
    />
  );
  if (shown.length === 0 && !hasMore) {
    return (
      <div className="space-y-4">
        {filters}
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {all.length === 0
            ? "No listings in this portfolio with these filters: there is nothing to draw."
            : `All ${all.length} listings here are hidden. Turn on “Show hidden” to see them.`}
        </p>
      </div>
    );
  }

  const listingsWord = `${(hasMore ? (total ?? shown.length) : shown.length).toLocaleString("en")} listings`;
  const label = `Portfolio calendar: ${listingsWord} × ${nights.columns.length} nights, coloured by ${state.colour === "price" ? "price against each listing's base price" : "demand"}`;
  return (
    <div
      className="space-y-3"
      data-testid="portfolio-calendar"
      data-rows={rowCount}
      data-nights={nights.columns.length}
    >
      {filters}
      {controls}
      <PortfolioLegend colourBy={state.colour} />
      <LoadingStatus
        state={loading.state}
        loadedListings={shown.length}
        rowCount={rowCount}
        hasMore={hasMore}
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
        colourBy={state.colour}
        figure={state.figure}
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
        hoverRect={inspect.hover ? inspect.rect : undefined}
      />
    </div>
  );
}
