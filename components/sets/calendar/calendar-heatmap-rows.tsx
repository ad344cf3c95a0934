"use client";

import type { VirtualItem } from "@tanstack/react-virtual";
import { memo } from "react";
import { CELL_UNAVAILABLE, cellColour, type CalendarGrid, type ColourMode } from "@/lib/sets/calendar/model";
import { cellDetails, nightLabel } from "@/lib/sets/calendar/details";
import {
  CELL_WIDTH,
  DAY_BAND,
  HATCH,
  HEADER_HEIGHT,
  MONTH_BAND,
  NAME_WIDTH,
  ROW_HEIGHT,
} from "./calendar-layout";

/**
 * The rows of the heat map, each memoised: scrolling down re-renders only the rows that come
 * into view, and a hover never re-renders any (the parent reports it elsewhere).
 */

const WEEKDAY_LETTERS = ["S", "M", "T", "W", "T", "F", "S"];

/** Names, built once per grid, column and cell as they first scroll into view. */
const nameCache = new WeakMap<CalendarGrid, { cells: string[]; columns: string[] }>();
function namesOf(grid: CalendarGrid) {
  let names = nameCache.get(grid);
  if (!names) {
    names = { cells: [], columns: [] };
    nameCache.set(grid, names);
  }
  return names;
}
function columnName(grid: CalendarGrid, col: number): string {
  const names = namesOf(grid);
  return (names.columns[col] ??= nightLabel(grid.columns[col]!.date));
}
function cellName(grid: CalendarGrid, row: number, col: number): string {
  const names = namesOf(grid);
  return (names.cells[row * grid.columns.length + col] ??=
    cellDetails(grid, row, col, columnName(grid, col))?.summary ?? "");
}

/** The sticky header row: the month band (labels stick while their month is in view) and one header per night. */
export const HeatmapHeader = memo(function HeatmapHeader({
  grid,
  cols,
  width,
}: {
  grid: CalendarGrid;
  cols: VirtualItem[];
  width: number;
}) {
  const firstCol = cols[0]?.index ?? 0;
  const lastCol = cols[cols.length - 1]?.index ?? -1;
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="sticky top-0 z-20 border-b border-slate-200 bg-white"
      style={{ width, height: HEADER_HEIGHT }}
    >
      <div
        role="columnheader"
        aria-colindex={1}
        className="sticky left-0 z-10 flex items-end border-r border-slate-200 bg-white px-3 pb-1.5 text-xs font-semibold text-slate-700"
        style={{ width: NAME_WIDTH, height: HEADER_HEIGHT }}
      >
        Listing
      </div>
      {grid.months
        .filter((m) => m.first <= lastCol && m.first + m.count - 1 >= firstCol)
        .map((m) => (
          <div
            key={m.first}
            aria-hidden="true"
            className="absolute top-0 border-l border-slate-300"
            style={{
              left: NAME_WIDTH + m.first * CELL_WIDTH,
              width: m.count * CELL_WIDTH,
              height: MONTH_BAND,
            }}
          >
            <span
              className="sticky inline-block whitespace-nowrap px-1.5 pt-0.5 text-xs font-semibold text-slate-800"
              style={{ left: NAME_WIDTH }}
            >
              {m.label}
            </span>
          </div>
        ))}
      {cols.map((c) => {
        const column = grid.columns[c.index]!;
        const weekend = column.weekday === 0 || column.weekday === 6;
        return (
          <div
            key={c.key}
            role="columnheader"
            aria-colindex={c.index + 2}
            aria-label={columnName(grid, c.index)}
            className={`absolute flex flex-col items-center justify-center text-[11px] leading-tight ${
              weekend ? "bg-slate-100 text-slate-900" : "text-slate-700"
            }`}
            style={{ left: c.start, top: MONTH_BAND, width: CELL_WIDTH, height: DAY_BAND }}
          >
            <span aria-hidden="true">{WEEKDAY_LETTERS[column.weekday]}</span>
            <span aria-hidden="true" className="font-semibold">
              {column.dayOfMonth}
            </span>
          </div>
        );
      })}
    </div>
  );
});

/**
 * One row: its sticky name and its nights; `activeCol` is the tabbable night, or -1. `top`
 * null: a pinned row of mine, sticky under the header (its offset follows its index), named
 * with a "Mine" badge, bold and a thick left rule: never told apart by colour alone.
 */
export const HeatmapRow = memo(function HeatmapRow({
  grid,
  mode,
  row,
  top,
  width,
  cols,
  activeCol,
}: {
  grid: CalendarGrid;
  mode: ColourMode;
  row: number;
  top: number | null;
  width: number;
  cols: VirtualItem[];
  activeCol: number;
}) {
  const member = grid.rows[row]!;
  const pinned = top === null;
  const lastPinned = pinned && row === grid.pinned - 1;
  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      data-mine={member.mine ? "true" : undefined}
      className={
        pinned
          ? `sticky z-[15] bg-white ${lastPinned ? "shadow-[0_2px_0_0_#334155]" : ""}`
          : "absolute left-0"
      }
      style={{ top: pinned ? HEADER_HEIGHT + row * ROW_HEIGHT : top, width, height: ROW_HEIGHT }}
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
        style={{ width: NAME_WIDTH, height: ROW_HEIGHT }}
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
          col={c.index}
          left={c.start}
          tabbable={c.index === activeCol}
        />
      ))}
    </div>
  );
});

/** One night; memoised, so a scroll by a column renders only the cells that come into view. */
const HeatmapCell = memo(function HeatmapCell({
  grid,
  mode,
  row,
  col,
  left,
  tabbable,
}: {
  grid: CalendarGrid;
  mode: ColourMode;
  row: number;
  col: number;
  left: number;
  tabbable: boolean;
}) {
  const i = row * grid.columns.length + col;
  return (
    <div
      role="gridcell"
      aria-colindex={col + 2}
      aria-label={cellName(grid, row, col)}
      tabIndex={tabbable ? 0 : -1}
      data-cell={`${row}:${col}`}
      className="absolute top-0 focus-visible:z-[5] focus-visible:outline-offset-0"
      style={{
        left,
        width: CELL_WIDTH - 1,
        height: ROW_HEIGHT - 1,
        backgroundColor: cellColour(grid, mode, i),
        backgroundImage: grid.state[i] === CELL_UNAVAILABLE ? HATCH : undefined,
      }}
    />
  );
});
