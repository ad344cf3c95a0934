"use client";

import type { VirtualItem } from "@tanstack/react-virtual";
import { memo } from "react";
import { Link } from "@/components/ui/link";
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
import { canManageListing, canWriteListing } from "@/lib/access/listing-access";
import type { Listing } from "@/lib/svc/schemas/listings";
import { columnName } from "@/components/ui/night-grid-header";
import { CUSTOM_RATE_CORNER, HATCH } from "@/components/ui/heatmap-layout";
import { ROW_HEIGHT } from "@/components/calendar/portfolio-layout";

/** A row's state as drawn: its listing (null while the index page is not in), its nights (null while loading). */
export interface RowView {
  listing: Listing | null;
  nights: RowNights | null;
  failed: boolean;
}

const SELECTED = "inset 0 0 0 2px var(--selection-ring, #1d4ed8)";
/** A pending night's block, drawn as a shadow: one element per night. */
const PENDING_INSET = "inset 0 0 0 4px var(--color-white)";
/** A booked night: a dark bar along its foot. */
const BOOKED_BAR = "inset 0 -6px 0 0 #1e293b";

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
  nameWidth,
  cellWidth,
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
  /** The name column's and a night's width: narrower on a phone (portfolio-layout.ts). */
  nameWidth: number;
  cellWidth: number;
  onRetry: (svcId: string) => void;
}) {
  const narrow = nameWidth < 120;
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
        className={`sticky left-0 z-10 flex items-center gap-1.5 border-b border-r border-slate-200 bg-white ${narrow ? "px-1.5 text-xs" : "px-3 text-sm"}`}
        style={{ width: nameWidth, height: ROW_HEIGHT }}
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
            {!canManageListing(listing.access_level) ? (
              // On a phone the name column has no room for it: said, not shown.
              <span
                className={
                  narrow ? "sr-only" : "shrink-0 rounded bg-slate-100 px-1 text-[11px] text-slate-700"
                }
              >
                {canWriteListing(listing.access_level) ? "Restricted" : "View only"}
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
            width={cellWidth}
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
            width={cellWidth}
          />
        ),
      )}
    </div>
  );
});

/**
 * A night not loaded yet: a still skeleton block, never a zero. Not animated: while a fast
 * scroll passes, hundreds of them are on screen at once, and a pulse on each costs every frame.
 */
const PendingCell = memo(function PendingCell({
  row,
  col,
  left,
  tabbable,
  selected,
  failed,
  name,
  width,
}: {
  row: number;
  col: number;
  left: number;
  tabbable: boolean;
  selected: boolean;
  failed: boolean;
  name: string;
  width: number;
}) {
  return (
    <div
      role="gridcell"
      aria-colindex={col + 2}
      aria-label={`${name}: ${failed ? "did not load" : "loading"}`}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-cell={`${row}:${col}`}
      className={`absolute top-0 ${failed ? "bg-slate-50" : "bg-slate-100"}`}
      style={{
        left,
        width: width - 1,
        height: ROW_HEIGHT - 1,
        boxShadow: selected ? `${PENDING_INSET}, ${SELECTED}` : PENDING_INSET,
      }}
    />
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
  width,
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
  width: number;
}) {
  const state = data.state[col];
  const colour = nightColour(data, col, colourBy, figure);
  const value = figureOf(data, col, figure);
  // Marks drawn as background layers and shadows, not elements: a cell is one element and one
  // text node, so a row scrolling into view costs little (the wheel-pace budget).
  const layers = [
    data.customRates.has(col) ? CUSTOM_RATE_CORNER : null,
    state === NIGHT_BLOCKED ? HATCH : null,
  ].filter(Boolean);
  const shadows = [state === NIGHT_BOOKED ? BOOKED_BAR : null, selected ? SELECTED : null].filter(Boolean);
  return (
    <div
      role="gridcell"
      aria-colindex={col + 2}
      aria-label={nightSummary(data, col, columnName(nights, col))}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-cell={`${row}:${col}`}
      data-state={state === NIGHT_BOOKED ? "booked" : state === NIGHT_BLOCKED ? "blocked" : undefined}
      className="absolute top-0 overflow-hidden whitespace-pre px-0.5 py-0.5 md:px-1 text-[11px] leading-[15px] first-line:font-semibold focus-visible:z-[5] focus-visible:outline-offset-0"
      style={{
        left,
        width: width - 1,
        height: ROW_HEIGHT - 1,
        backgroundColor: colour,
        backgroundImage: layers.length > 0 ? layers.join(", ") : undefined,
        color: textOn(colour),
        boxShadow: shadows.length > 0 ? shadows.join(", ") : undefined,
      }}
    >
      <span aria-hidden="true">
        {state === NIGHT_MISSING
          ? "–"
          : `${Number.isFinite(value) ? compactMoney(value, data.currency) : "–"}\n${data.minStay[col]}n`}
      </span>
    </div>
  );
});
