"use client";

import { defaultRangeExtractor, useVirtualizer, type Range, type VirtualItem } from "@tanstack/react-virtual";
import {
  Fragment,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";

export type CellRef = { row: number; col: number };
export type InspectEvent = { via: "hover" | "focus"; cell: CellRef | null; rect?: DOMRect };

/** Sizes of a grid (px): its rows and columns, the header above and the name column beside. */
export interface GridGeometry {
  rowHeight: number;
  cellWidth: number;
  headerHeight: number;
  nameWidth: number;
}

export interface RowRenderArgs {
  row: number;
  /** Offset of an absolutely placed row; null for a pinned row (sticky, in the flow). */
  top: number | null;
  width: number;
  cols: VirtualItem[];
  /** The tabbable night of this row, or -1. */
  activeCol: number;
}

/**
 * The active row or column always stays rendered, so the focused cell never unmounts; so do
 * the first `pinned` rows (sticky under the header).
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

export function cellFromTarget(target: EventTarget | null): { cell: CellRef; element: HTMLElement } | null {
  const element = (target as HTMLElement | null)?.closest?.<HTMLElement>("[data-cell]");
  const [row, col] = (element?.dataset.cell ?? "").split(":").map(Number);
  if (!element || row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col))
    return null;
  return { cell: { row, col }, element };
}

/**
 * A large ARIA grid (rows of listings by columns of nights) virtualised in both directions,
 * shared by the set price calendar and the portfolio calendar: a sticky header row and name
 * column, optional pinned rows under the header, roving focus (one cell tabbable, the arrow
 * keys move it; Home, End, Page Up and Page Down as in a calendar). Hover and focus are
 * reported to the parent, which shows the details, so the grid never re-renders for a hover.
 * Cells are rendered by the caller (`renderRow`) and must carry `data-cell="row:col"`.
 */
export function VirtualGrid({
  rowCount,
  colCount,
  pinned = 0,
  geometry,
  label,
  describedBy,
  maxHeight,
  multiselectable,
  testId,
  renderHeader,
  renderRow,
  onInspect,
  onMove,
  onRowsInView,
}: {
  rowCount: number;
  colCount: number;
  pinned?: number;
  geometry: GridGeometry;
  label: string;
  describedBy?: string;
  maxHeight: number;
  multiselectable?: boolean;
  testId?: string;
  renderHeader: (cols: VirtualItem[], width: number) => ReactNode;
  renderRow: (args: RowRenderArgs) => ReactNode;
  onInspect: (event: InspectEvent) => void;
  /** The keyboard moved the active cell; `extend` when Shift was held (a selection grows). */
  onMove?: (cell: CellRef, extend: boolean) => void;
  /** Rows on screen now (first, last, inclusive) and the ones rendered around them. */
  onRowsInView?: (visible: { first: number; last: number }, rendered: readonly number[]) => void;
}) {
  const { rowHeight, cellWidth, headerHeight, nameWidth } = geometry;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<CellRef>({ row: 0, col: 0 });
  const focusPending = useRef(false);

  // The virtualiser hands back fresh measurements each render; the grid is not memoised by the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    paddingStart: headerHeight,
    // A row scrolled to by the keyboard lands below the pinned rows, not under them.
    scrollPaddingStart: headerHeight + pinned * rowHeight,
    overscan: 3,
    rangeExtractor: useCallback((range: Range) => keeping(active.row, pinned)(range), [active.row, pinned]),
    initialRect: { width: 1000, height: maxHeight },
    useFlushSync: false,
  });
  const cols = useVirtualizer({
    horizontal: true,
    count: colCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => cellWidth,
    paddingStart: nameWidth,
    scrollPaddingStart: nameWidth,
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

  const moveTo = (row: number, col: number, extend: boolean) => {
    const next = {
      row: Math.min(rowCount - 1, Math.max(0, row)),
      col: Math.min(colCount - 1, Math.max(0, col)),
    };
    // Pinned rows never scroll out of view: only the columns move for them.
    if (next.row >= pinned) rows.scrollToIndex(next.row);
    cols.scrollToIndex(next.col);
    focusPending.current = true;
    setActive(next);
    onMove?.(next, extend);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!cellFromTarget(e.target)) return;
    const { row, col } = active;
    const moves: Record<string, () => [number, number]> = {
      ArrowRight: () => [row, col + 1],
      ArrowLeft: () => [row, col - 1],
      ArrowDown: () => [row + 1, col],
      ArrowUp: () => [row - 1, col],
      Home: () => [e.ctrlKey ? 0 : row, 0],
      End: () => [e.ctrlKey ? rowCount - 1 : row, colCount - 1],
      PageDown: () => [row, col + 7],
      PageUp: () => [row, col - 7],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const [r, c] = move();
    moveTo(r, c, e.shiftKey);
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

  // Which rows the reader sees now, for callers that load rows as they come into view.
  const scrollTop = rows.scrollOffset ?? 0;
  const viewport = rows.scrollRect?.height ?? maxHeight;
  const firstVisible = Math.max(pinned, Math.floor((scrollTop + pinned * rowHeight) / rowHeight));
  const lastVisible = Math.min(
    rowCount - 1,
    Math.floor((scrollTop + Math.max(0, viewport - headerHeight) - 1) / rowHeight),
  );
  const renderedKey = virtualRows.map((r) => r.index).join(",");
  const reportRows = useRef(onRowsInView);
  reportRows.current = onRowsInView;
  useLayoutEffect(() => {
    reportRows.current?.(
      { first: firstVisible, last: lastVisible },
      renderedKey === "" ? [] : renderedKey.split(",").map(Number),
    );
  }, [firstVisible, lastVisible, renderedKey]);

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-describedby={describedBy}
      aria-rowcount={rowCount + 1}
      aria-colcount={colCount + 1}
      aria-multiselectable={multiselectable || undefined}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onPointerOver={onPointerOver}
      onPointerLeave={() => onInspect({ via: "hover", cell: null })}
      onScroll={() => onInspect({ via: "hover", cell: null })}
      className="relative overflow-auto overscroll-contain rounded-md border border-slate-200 bg-white"
      style={{ maxHeight }}
    >
      <div className="relative" style={{ width: totalWidth, height: totalHeight }}>
        {renderHeader(virtualCols, totalWidth)}
        {virtualRows.map((r) => (
          <Fragment key={r.key}>
            {renderRow({
              row: r.index,
              top: r.index < pinned ? null : r.start,
              width: totalWidth,
              cols: virtualCols,
              activeCol: r.index === active.row ? active.col : -1,
            })}
          </Fragment>
        ))}
      </div>
    </div>
  );
}
