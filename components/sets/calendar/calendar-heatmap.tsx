"use client";

import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import type { CalendarGrid, ColourMode } from "@/lib/sets/calendar/model";
import { HeatmapHeader, HeatmapRow } from "./calendar-heatmap-rows";
import { CELL_WIDTH, DEFAULT_GRID_HEIGHT, HEADER_HEIGHT, NAME_WIDTH, ROW_HEIGHT } from "./calendar-layout";

export type CellRef = { row: number; col: number };
export type InspectEvent = { via: "hover" | "focus"; cell: CellRef | null; rect?: DOMRect };

/**
 * The active row or column always stays rendered, so the focused cell never unmounts; so do
 * the first `pinned` rows (my listings, sticky under the header).
 */
function keeping(index: number, pinned = 0) {
  return (range: Range) => {
    const list = defaultRangeExtractor(range);
    for (const keep of [index, ...Array.from({ length: pinned }, (_, i) => i)]) {
      if (keep >= 0 && keep < range.count && !list.includes(keep)) list.push(keep);
    }
    list.sort((a, b) => a - b);
    return list;
  };
}

function cellFromTarget(target: EventTarget | null): { cell: CellRef; element: HTMLElement } | null {
  const element = (target as HTMLElement | null)?.closest?.<HTMLElement>("[data-cell]");
  const [row, col] = (element?.dataset.cell ?? "").split(":").map(Number);
  if (!element || row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col))
    return null;
  return { cell: { row, col }, element };
}

/**
 * The heat map: an ARIA grid (one row per member, one column per night) virtualised in both
 * directions, with a sticky header row (months, days), my listings' rows pinned under it (also
 * sticky, in the flow right after the header) and a sticky name column. Roving focus:
 * one cell is tabbable, the arrow keys move it. Hover and focus are reported to the parent,
 * which shows the details, so this (large) component never re-renders for a hover.
 */
export const CalendarHeatmap = memo(function CalendarHeatmap({
  grid,
  mode,
  label,
  describedBy,
  onInspect,
  maxHeight = DEFAULT_GRID_HEIGHT,
}: {
  grid: CalendarGrid;
  mode: ColourMode;
  label: string;
  describedBy?: string;
  onInspect: (event: InspectEvent) => void;
  maxHeight?: number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<CellRef>({ row: 0, col: 0 });
  const focusPending = useRef(false);
  const rowCount = grid.rows.length;
  const colCount = grid.columns.length;
  const pinned = grid.pinned;

  const rows = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    // A comp scrolled to by the keyboard lands below the pinned rows, not under them.
    scrollPaddingStart: HEADER_HEIGHT + pinned * ROW_HEIGHT,
    overscan: 3,
    rangeExtractor: useCallback((range: Range) => keeping(active.row, pinned)(range), [active.row, pinned]),
    initialRect: { width: 1000, height: maxHeight },
    useFlushSync: false,
  });
  const cols = useVirtualizer({
    horizontal: true,
    count: colCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CELL_WIDTH,
    paddingStart: NAME_WIDTH,
    scrollPaddingStart: NAME_WIDTH,
    overscan: 6,
    rangeExtractor: useCallback((range: Range) => keeping(active.col)(range), [active.col]),
    initialRect: { width: 1000, height: maxHeight },
    useFlushSync: false,
  });

  // After a keyboard move the new cell is rendered (see `keeping`): move the focus to it.
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    scrollRef.current
      ?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`)
      ?.focus({ preventScroll: true });
  }, [active]);

  const moveTo = (row: number, col: number) => {
    const next = {
      row: Math.min(rowCount - 1, Math.max(0, row)),
      col: Math.min(colCount - 1, Math.max(0, col)),
    };
    // Pinned rows never scroll out of view: only the columns move for them.
    if (next.row >= pinned) rows.scrollToIndex(next.row);
    cols.scrollToIndex(next.col);
    focusPending.current = true;
    setActive(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!cellFromTarget(e.target)) return;
    const { row, col } = active;
    const moves: Record<string, () => void> = {
      ArrowRight: () => moveTo(row, col + 1),
      ArrowLeft: () => moveTo(row, col - 1),
      ArrowDown: () => moveTo(row + 1, col),
      ArrowUp: () => moveTo(row - 1, col),
      Home: () => moveTo(e.ctrlKey ? 0 : row, 0),
      End: () => moveTo(e.ctrlKey ? rowCount - 1 : row, colCount - 1),
      PageDown: () => moveTo(row, col + 7),
      PageUp: () => moveTo(row, col - 7),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  };

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const found = cellFromTarget(e.target);
    if (!found) return;
    if (found.cell.row !== active.row || found.cell.col !== active.col) setActive(found.cell);
    onInspect({ via: "focus", cell: found.cell, rect: found.element.getBoundingClientRect() });
  };

  const pointer = useRef({ x: -1, y: -1 });
  const onPointerOver = (e: PointerEvent<HTMLDivElement>) => {
    // Chrome also sends "over" when the grid scrolls under a still pointer (an arrow key's
    // scroll): only a pointer that moved takes the details over from the keyboard.
    if (e.clientX === pointer.current.x && e.clientY === pointer.current.y) return;
    pointer.current = { x: e.clientX, y: e.clientY };
    const found = cellFromTarget(e.target);
    onInspect({ via: "hover", cell: found?.cell ?? null, rect: found?.element.getBoundingClientRect() });
  };

  const virtualRows = rows.getVirtualItems();
  const virtualCols = cols.getVirtualItems();
  const totalWidth = cols.getTotalSize();
  const totalHeight = rows.getTotalSize();
  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-describedby={describedBy}
      aria-rowcount={rowCount + 1}
      aria-colcount={colCount + 1}
      data-testid="calendar-grid"
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onPointerOver={onPointerOver}
      onPointerLeave={() => onInspect({ via: "hover", cell: null })}
      onScroll={() => onInspect({ via: "hover", cell: null })}
      className="relative overflow-auto overscroll-contain rounded-md border border-slate-200 bg-white"
      style={{ maxHeight }}
    >
      <div className="relative" style={{ width: totalWidth, height: totalHeight }}>
        <HeatmapHeader grid={grid} cols={virtualCols} width={totalWidth} />
        {virtualRows.map((r) => (
          <HeatmapRow
            key={r.key}
            grid={grid}
            mode={mode}
            row={r.index}
            // Pinned rows sit in the flow after the sticky header, each sticky at its own offset.
            top={r.index < pinned ? null : r.start}
            width={totalWidth}
            cols={virtualCols}
            activeCol={r.index === active.row ? active.col : -1}
          />
        ))}
      </div>
    </div>
  );
});
