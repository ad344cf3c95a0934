"use client";

import type { VirtualItem } from "@tanstack/react-virtual";
import { memo } from "react";
import { CELL_UNAVAILABLE, cellColour, type CalendarGrid, type ColourMode } from "@/lib/sets/calendar/model";
import { cellDetails } from "@/lib/sets/calendar/details";
import { columnName } from "@/components/ui/night-grid-header";
import {
  CELL_WIDTH,
  CUSTOM_RATE_CORNER,
  DAY_BAND,
  HATCH,
  HEADER_HEIGHT,
  MONTH_BAND,
  NAME_WIDTH,
  ROW_HEIGHT,
} from "@/components/ui/heatmap-layout";

/**
 * The rows of the heat map, each memoised: scrolling down re-renders only the rows that come
 * into view, and a hover never re-renders any (the parent reports it elsewhere).
 */

/** Cell names, built once per grid as each cell first scrolls into view. */
const nameCache = new WeakMap<CalendarGrid, string[]>();
function cellName(grid: CalendarGrid, row: number, col: number): string {
  let cells = nameCache.get(grid);
  if (!cells) {
    cells = [];
    nameCache.set(grid, cells);
  }
  return (cells[row * grid.columns.length + col] ??=
    cellDetails(grid, row, col, columnName(grid, col))?.summary ?? "");
}

export const HEADER_GEOMETRY = {
  nameWidth: NAME_WIDTH,
  cellWidth: CELL_WIDTH,
  monthBand: MONTH_BAND,
  dayBand: DAY_BAND,
};

/**
 * One row: its sticky name and its nights; `activeCol` is the tabbable night, or -1. `top`
 * null: a pinned row of mine, sticky under the header (its offset follows its line), named
 * with a "Mine" badge, bold and a thick left rule: never told apart by colour alone. `row` is
 * the listing's row of the grid, `line` its place among the heat map's lines (the figure
 * lines sit between them); the full name is the row header's title, however narrow the column.
 */
export const HeatmapRow = memo(function HeatmapRow({
  grid,
  mode,
  row,
  line = row,
  nameWidth = NAME_WIDTH,
  top,
  width,
  cols,
  activeCol,
  lastPinned = top === null && row === grid.pinned - 1,
}: {
  grid: CalendarGrid;
  mode: ColourMode;
  row: number;
  line?: number;
  lastPinned?: boolean;
  nameWidth?: number;
  top: number | null;
  width: number;
  cols: VirtualItem[];
  activeCol: number;
}) {
  const member = grid.rows[row]!;
  const pinned = top === null;
  return (
    <div
      role="row"
      aria-rowindex={line + 2}
      data-mine={member.mine ? "true" : undefined}
      className={
        pinned
          ? `sticky z-[15] bg-white ${lastPinned ? "shadow-[0_2px_0_0_#334155]" : ""}`
          : "absolute left-0"
      }
      style={{ top: pinned ? HEADER_HEIGHT + line * ROW_HEIGHT : top, width, height: ROW_HEIGHT }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        title={member.mine ? `Mine: ${member.name}` : member.name}
        className={`sticky left-0 z-10 flex items-center gap-1.5 border-r border-slate-200 px-3 text-sm leading-7 ${
          member.mine
            ? "border-l-4 border-l-slate-800 bg-amber-50 pl-2 font-semibold text-slate-900"
            : "bg-white text-slate-800"
        }`}
        style={{ width: nameWidth, height: ROW_HEIGHT }}
      >
        {member.mine ? (
          <span className="shrink-0 rounded bg-slate-800 px-1.5 text-[11px] font-semibold uppercase leading-4 tracking-wide text-white">
            Mine
          </span>
        ) : null}
        <span className="truncate">{member.name}</span>
        {member.mine && !member.mine.onScale ? (
          <span className="shrink-0 text-[11px] font-normal text-slate-700">{member.mine.currency}</span>
        ) : null}
      </div>
      {cols.map((c) => (
        <HeatmapCell
          key={c.key}
          grid={grid}
          mode={mode}
          row={row}
          line={line}
          col={c.index}
          left={c.start}
          tabbable={c.index === activeCol}
        />
      ))}
    </div>
  );
});

/**
 * One night; memoised, so a scroll by a column renders only the cells that come into view. A
 * night of mine with a custom rate carries the portfolio calendar's violet corner; its name
 * says the channel's price and the price waiting to be posted.
 */
const HeatmapCell = memo(function HeatmapCell({
  grid,
  mode,
  row,
  line,
  col,
  left,
  tabbable,
}: {
  grid: CalendarGrid;
  mode: ColourMode;
  row: number;
  line: number;
  col: number;
  left: number;
  tabbable: boolean;
}) {
  const i = row * grid.columns.length + col;
  const layers = [
    grid.customRates.has(i) ? CUSTOM_RATE_CORNER : null,
    grid.state[i] === CELL_UNAVAILABLE ? HATCH : null,
  ].filter(Boolean);
  return (
    <div
      role="gridcell"
      aria-colindex={col + 2}
      aria-label={cellName(grid, row, col)}
      tabIndex={tabbable ? 0 : -1}
      data-cell={`${line}:${col}`}
      data-marker={grid.customRates.has(i) ? "custom-rate" : undefined}
      className="absolute top-0 focus-visible:z-[5] focus-visible:outline-offset-0"
      style={{
        left,
        width: CELL_WIDTH - 1,
        height: ROW_HEIGHT - 1,
        backgroundColor: cellColour(grid, mode, i),
        backgroundImage: layers.length > 0 ? layers.join(", ") : undefined,
      }}
    />
  );
});
