"use client";

import type { VirtualItem } from "@tanstack/react-virtual";
import { memo } from "react";
import { figureDetails, lineName, type CalendarView, type ViewLine } from "@/lib/sets/calendar/view";
import { columnName } from "@/components/ui/night-grid-header";
import { CELL_WIDTH, HEADER_HEIGHT, ROW_HEIGHT } from "@/components/ui/heatmap-layout";

type FigureLine = Exclude<ViewLine, { kind: "listing" }>;

/** Cell words, built once per view and line as each cell first scrolls into view. */
const cache = new WeakMap<CalendarView, Map<number, Array<{ text: string; summary: string }>>>();
function cellWords(view: CalendarView, lineIndex: number, line: FigureLine, col: number) {
  let lines = cache.get(view);
  if (!lines) {
    lines = new Map();
    cache.set(view, lines);
  }
  let cells = lines.get(lineIndex);
  if (!cells) {
    cells = [];
    lines.set(lineIndex, cells);
  }
  return (cells[col] ??= (() => {
    const details = figureDetails(view, line, col, columnName(view.grid, col));
    return { text: details?.text ?? "", summary: details?.summary ?? "" };
  })());
}

/**
 * A pinned line of figures, in words in each night's square: the comps' median, 25th or 75th
 * percentile (a short price), or under a listing of mine its difference to the comps' median
 * (a signed %). Neutral squares, so the figures are read, not told by colour; the row header
 * says which figure and in which unit.
 */
export const FigureRow = memo(function FigureRow({
  view,
  line,
  index,
  nameWidth,
  lastPinned,
  width,
  cols,
  activeCol,
}: {
  view: CalendarView;
  line: FigureLine;
  /** The line's place among the heat map's lines. */
  index: number;
  nameWidth: number;
  lastPinned: boolean;
  width: number;
  cols: VirtualItem[];
  activeCol: number;
}) {
  const mine = line.kind === "difference";
  const name = lineName(view, line);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-figure={line.kind === "stat" ? line.stat : "difference"}
      className={`sticky z-[15] bg-white ${lastPinned ? "shadow-[0_2px_0_0_#334155]" : ""}`}
      style={{ top: HEADER_HEIGHT + index * ROW_HEIGHT, width, height: ROW_HEIGHT }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        title={name}
        className={`sticky left-0 z-10 flex items-center gap-1.5 border-r border-slate-200 px-3 text-xs leading-7 ${
          mine
            ? "border-l-4 border-l-slate-800 bg-amber-50 pl-2 text-slate-800"
            : "bg-slate-100 font-semibold text-slate-900"
        }`}
        style={{ width: nameWidth, height: ROW_HEIGHT }}
      >
        {mine ? (
          <span className="truncate">
            <span className="sr-only">{name}</span>
            <span aria-hidden="true">vs comps&apos; median (%)</span>
          </span>
        ) : (
          <span className="truncate">
            {name} ({view.grid.currency})
          </span>
        )}
      </div>
      {cols.map((c) => {
        const words = cellWords(view, index, line, c.index);
        return (
          <div
            key={c.key}
            role="gridcell"
            aria-colindex={c.index + 2}
            aria-label={words.summary}
            tabIndex={c.index === activeCol ? 0 : -1}
            data-cell={`${index}:${c.index}`}
            className={`absolute top-0 flex items-center justify-center overflow-hidden text-[10px] font-medium leading-none tracking-tighter text-slate-900 focus-visible:z-[5] focus-visible:outline-offset-0 ${
              mine ? "bg-amber-50" : "bg-slate-100"
            }`}
            style={{ left: c.start, width: CELL_WIDTH - 1, height: ROW_HEIGHT - 1 }}
          >
            <span aria-hidden="true">{words.text}</span>
          </div>
        );
      })}
    </div>
  );
});
