"use client";

import type { VirtualItem } from "@tanstack/react-virtual";
import Link from "next/link";
import { memo } from "react";
import {
  compactMoney,
  figureOf,
  nightColour,
  nightSummary,
  NIGHT_BLOCKED,
  NIGHT_BOOKED,
  NIGHT_MISSING,
  textOn,
  type ColourBy,
  type Figure,
  type RowNights,
} from "@/lib/calendar/rows";
import type { NightColumns } from "@/lib/format/night-columns";
import type { Listing } from "@/lib/svc/schemas/listings";
import { columnName } from "../ui/night-grid-header";
import { HATCH } from "../sets/calendar/calendar-layout";
import { CELL_WIDTH, NAME_WIDTH, ROW_HEIGHT } from "./portfolio-layout";

/** A row's state as drawn: its listing (null while the index page is not in), its nights (null while loading). */
export interface RowView {
  listing: Listing | null;
  nights: RowNights | null;
  failed: boolean;
}

const SELECTED = "inset 0 0 0 2px var(--selection-ring, #1d4ed8)";

/**
 * One listing's row: its sticky name (a link to the listing, its access when limited) and a
 * night per column. Memoised: a row re-renders only when its answer, its selected columns or
 * the columns in view change, never for a hover.
 */
export const PortfolioRow = memo(function PortfolioRow({
  listing,
  data,
  failed,
  nights,
  row,
  top,
  width,
  cols,
  activeCol,
  selLeft,
  selRight,
  colourBy,
  figure,
  onRetry,
}: {
  listing: Listing | null;
  data: RowNights | null;
  failed: boolean;
  nights: NightColumns;
  row: number;
  top: number;
  width: number;
  cols: VirtualItem[];
  activeCol: number;
  /** The selected columns of this row, -1 when none. */
  selLeft: number;
  selRight: number;
  colourBy: ColourBy;
  figure: Figure;
  onRetry: (svcId: string) => void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      data-row-state={!listing || (!data && !failed) ? "loading" : failed && !data ? "error" : "ready"}
      data-listing={listing?.svc_id}
      className="absolute left-0"
      style={{ top, width, height: ROW_HEIGHT }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className="sticky left-0 z-10 flex items-center gap-1.5 border-b border-r border-slate-200 bg-white px-3 text-sm"
        style={{ width: NAME_WIDTH, height: ROW_HEIGHT }}
      >
        {listing ? (
          <>
            <Link
              href={`/listings/${listing.svc_id}?tab=calendar`}
              className="min-w-0 truncate text-slate-900 underline-offset-2 hover:underline"
              title={listing.name}
              tabIndex={-1}
            >
              {listing.name}
            </Link>
            {listing.access_level === "viewer" || listing.access_level === "restricted_editor" ? (
              <span className="shrink-0 rounded bg-slate-100 px-1 text-[11px] text-slate-700">
                {listing.access_level === "viewer" ? "View only" : "Restricted"}
              </span>
            ) : null}
            {failed && !data ? (
              <button
                type="button"
                onClick={() => onRetry(listing.svc_id)}
                className="ml-auto shrink-0 rounded border border-slate-300 px-1.5 text-xs text-slate-800 hover:bg-slate-50"
              >
                Retry
              </button>
            ) : null}
          </>
        ) : (
          <span aria-label="Listing loading" className="h-3 w-32 animate-pulse rounded bg-slate-200" />
        )}
      </div>
      {cols.map((c) =>
        data ? (
          <NightCell
            key={c.key}
            data={data}
            nights={nights}
            row={row}
            col={c.index}
            left={c.start}
            tabbable={c.index === activeCol}
            selected={c.index >= selLeft && c.index <= selRight}
            colourBy={colourBy}
            figure={figure}
          />
        ) : (
          <PendingCell
            key={c.key}
            row={row}
            col={c.index}
            left={c.start}
            tabbable={c.index === activeCol}
            selected={c.index >= selLeft && c.index <= selRight}
            failed={failed}
            name={columnName(nights, c.index)}
          />
        ),
      )}
    </div>
  );
});

/** A night not loaded yet: a skeleton, never a zero. */
const PendingCell = memo(function PendingCell({
  row,
  col,
  left,
  tabbable,
  selected,
  failed,
  name,
}: {
  row: number;
  col: number;
  left: number;
  tabbable: boolean;
  selected: boolean;
  failed: boolean;
  name: string;
}) {
  return (
    <div
      role="gridcell"
      aria-colindex={col + 2}
      aria-label={`${name}: ${failed ? "did not load" : "loading"}`}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-cell={`${row}:${col}`}
      className="absolute top-0 p-1"
      style={{
        left,
        width: CELL_WIDTH - 1,
        height: ROW_HEIGHT - 1,
        boxShadow: selected ? SELECTED : undefined,
      }}
    >
      <div className={`h-full w-full rounded ${failed ? "bg-slate-100" : "animate-pulse bg-slate-200"}`} />
    </div>
  );
});

/** One night: its price (or recommendation), minimum stay, a custom rate's corner, a booked bar. */
const NightCell = memo(function NightCell({
  data,
  nights,
  row,
  col,
  left,
  tabbable,
  selected,
  colourBy,
  figure,
}: {
  data: RowNights;
  nights: NightColumns;
  row: number;
  col: number;
  left: number;
  tabbable: boolean;
  selected: boolean;
  colourBy: ColourBy;
  figure: Figure;
}) {
  const state = data.state[col];
  const colour = nightColour(data, col, colourBy, figure);
  const value = figureOf(data, col, figure);
  const custom = data.customRates.has(col);
  return (
    <div
      role="gridcell"
      aria-colindex={col + 2}
      aria-label={nightSummary(data, col, columnName(nights, col))}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-cell={`${row}:${col}`}
      data-state={state === NIGHT_BOOKED ? "booked" : state === NIGHT_BLOCKED ? "blocked" : undefined}
      className="absolute top-0 flex flex-col justify-between overflow-hidden px-1 py-0.5 text-[11px] leading-tight focus-visible:z-[5] focus-visible:outline-offset-0"
      style={{
        left,
        width: CELL_WIDTH - 1,
        height: ROW_HEIGHT - 1,
        backgroundColor: colour,
        backgroundImage: state === NIGHT_BLOCKED ? HATCH : undefined,
        color: textOn(colour),
        boxShadow: selected ? SELECTED : undefined,
      }}
    >
      {state === NIGHT_MISSING ? (
        <span aria-hidden="true">–</span>
      ) : (
        <>
          <span aria-hidden="true" className="font-semibold">
            {Number.isFinite(value) ? compactMoney(value, data.currency) : "–"}
          </span>
          <span aria-hidden="true">{data.minStay[col]}n</span>
        </>
      )}
      {custom ? (
        <span
          aria-hidden="true"
          className="absolute right-0 top-0 h-0 w-0 border-l-[9px] border-t-[9px] border-l-transparent border-t-violet-700"
        />
      ) : null}
      {state === NIGHT_BOOKED ? (
        <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1.5 bg-slate-800" />
      ) : null}
    </div>
  );
});
