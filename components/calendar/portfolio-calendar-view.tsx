"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { parseAsArrayOf, parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import { useMemo } from "react";
import { lastNight, rangeFromUrl } from "@/lib/calendar/range";
import { todayUtc } from "@/lib/format/dates";
import { nightColumns } from "@/lib/format/night-columns";
import { ownersOf } from "@/lib/display/owners";
import { visibleListings } from "@/lib/listings/filters";
import { portfolioIndexOf } from "@/lib/listings/portfolio-index";
import { portfolioPagesQuery } from "@/lib/listings/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { ListingsFilters } from "@/components/ui/portfolio-filters";
import { portfolioFilterParsers, serviceFiltersOf } from "@/lib/listings/filters";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ListNotice } from "@/components/ui/list-notice";
import { CalendarBody } from "@/components/calendar/calendar-body";
import { CalendarControls } from "@/components/calendar/calendar-controls";
import { PortfolioCalendarSkeleton } from "@/components/calendar/portfolio-calendar-skeleton";
import { PortfolioLegend } from "@/components/calendar/portfolio-legend";
import { formatCount } from "@/lib/format/numbers";
import { Button } from "@/components/ui/button";

const urlState = {
  ...portfolioFilterParsers,
  from: parseAsString,
  nights: parseAsInteger,
  colour: parseAsStringLiteral(["price", "demand"] as const).withDefault("price"),
  figure: parseAsStringLiteral(["price", "recommended"] as const).withDefault("price"),
  /** Only these listings (svc ids), as another page sent them (the triage queue's ticks). */
  listings: parseAsArrayOf(parseAsString, ","),
};

/**
 * The portfolio calendar: every listing of the portfolio (the Listings filters and the
 * portfolio switcher apply) by every night of a range. Listings come a page at a time, each
 * row's nights when the row comes into view; a rectangle of nights can be selected and a
 * custom rate or a minimum stay set over it.
 */
export function PortfolioCalendarView({ keyKind }: { keyKind: ApiKeyKind | null }) {
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
  // The index as the paging rule reads it: each listing once, and a notice when reading stopped early.
  const read = useMemo(() => portfolioIndexOf(index.data), [index.data]);
  const all = useMemo(() => read?.listings ?? [], [read]);
  const only = state.listings;
  const shown = useMemo(() => {
    const visible = visibleListings(all, state.hidden);
    if (!only) return visible;
    const named = new Set(only);
    return all.filter((l) => named.has(l.svc_id));
  }, [all, state.hidden, only]);
  const total = index.data?.pages[0]?.total ?? null;
  const hasMore = index.hasNextPage;
  // Named listings not read yet are on pages to come: one row more keeps reading them.
  const rowCount = hasMore
    ? only
      ? shown.length + 1
      : Math.max(shown.length + 1, (total ?? all.length + 1) - (all.length - shown.length))
    : shown.length;

  if (index.isPending) return <PortfolioCalendarSkeleton />;
  if (index.isError)
    return <ErrorPanel error={index.error} onRetry={() => void index.refetch()} what="your listings" />;

  const filters = (
    <>
      <ListingsFilters filters={state} owners={ownersOf(all)} onChange={(next) => void setState(next)} />
      {only ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700" data-testid="calendar-only">
          {`Showing only the ${formatCount(only.length)} listings sent here.`}
          <Button variant="secondary" onClick={() => void setState({ listings: null })}>
            Show every listing
          </Button>
        </p>
      ) : null}
    </>
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

  const listingsWord = `${formatCount(hasMore ? (total ?? shown.length) : shown.length)} listings`;
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
      <ListNotice notice={read?.notice} />
      <CalendarBody
        // Other filters are other rows: start again with no selection.
        key={JSON.stringify([serviceFiltersOf(state), state.hidden, only])}
        shown={shown}
        rowCount={rowCount}
        hasMore={hasMore}
        fetchNextPage={index.fetchNextPage}
        dateRange={dateRange}
        nights={nights}
        colourBy={state.colour}
        figure={state.figure}
        label={label}
        keyKind={keyKind}
      />
    </div>
  );
}
