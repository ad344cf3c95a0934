"use client";

import {
  memo,
  useCallback,
  useMemo,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from "react";
import type { ColourBy, Figure } from "@/lib/calendar/rows";
import { rectOf, selectedColsOf, type GridCell, type Selection } from "@/lib/calendar/selection";
import type { NightColumns } from "@/lib/format/night-columns";
import { NightGridHeader } from "@/components/ui/night-grid-header";
import {
  cellFromTarget,
  VirtualGrid,
  type InspectEvent,
  type RowRenderArgs,
} from "@/components/ui/virtual-grid";
import { GRID_HEIGHT, NARROW_LAYOUT, WIDE_LAYOUT } from "@/components/calendar/portfolio-layout";
import { PortfolioRow, type RowView } from "@/components/calendar/portfolio-rows";

/**
 * The portfolio calendar's grid: the shared virtual grid with a row per listing and a night
 * per column, and a rectangle selection by pointer (press and drag, Shift+click) and keyboard
 * (Shift+arrows; Escape keeps only the focused night). By touch, and by any pointer on a
 * narrow screen, a tap picks a night and the next tap selects up to another (`tapCell`): a
 * finger's drag scrolls, and a phone has no Shift. A week of nights fits across a phone.
 */
export const PortfolioGrid = memo(function PortfolioGrid({
  rowCount,
  nights,
  viewOf,
  selection,
  onSelect,
  onTap,
  narrow,
  colourBy,
  figure,
  label,
  describedBy,
  onInspect,
  onRowsInView,
  onRetry,
  maxHeight = GRID_HEIGHT,
}: {
  rowCount: number;
  nights: NightColumns;
  viewOf: (row: number) => RowView;
  selection: Selection | null;
  onSelect: (cell: GridCell, extend: boolean) => void;
  /** A tap (or, on a narrow screen, a click) on a night. */
  onTap: (cell: GridCell) => void;
  /** Below `md`: a week across, and taps for every pointer. */
  narrow: boolean;
  colourBy: ColourBy;
  figure: Figure;
  label: string;
  describedBy?: string;
  onInspect: (event: InspectEvent) => void;
  onRowsInView: (visible: { first: number; last: number }, rendered: readonly number[]) => void;
  onRetry: (svcId: string) => void;
  maxHeight?: number;
}) {
  const rect = useMemo(() => (selection ? rectOf(selection) : null), [selection]);
  const layout = narrow ? NARROW_LAYOUT : WIDE_LAYOUT;
  const { nameWidth, cellWidth } = layout.geometry;
  // A press waiting to become a tap (on click) or, by mouse, a drag (on moving to another night).
  const press = useRef<{ cell: GridCell; tap: boolean; dragged: boolean } | null>(null);

  const renderRow = useCallback(
    ({ row, top, width, cols, activeCol }: RowRenderArgs) => {
      const view = viewOf(row);
      const selected = selectedColsOf(rect, row);
      return (
        <PortfolioRow
          listing={view.listing}
          data={view.nights}
          failed={view.failed}
          nights={nights}
          row={row}
          top={top ?? 0}
          width={width}
          cols={cols}
          activeCol={activeCol}
          selLeft={selected ? selected[0] : -1}
          selRight={selected ? selected[1] : -1}
          colourBy={colourBy}
          figure={figure}
          nameWidth={nameWidth}
          cellWidth={cellWidth}
          onRetry={onRetry}
        />
      );
    },
    [viewOf, nights, rect, colourBy, figure, nameWidth, cellWidth, onRetry],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const found = cellFromTarget(e.target);
    if (!found) {
      press.current = null;
      return;
    }
    const tap = !e.shiftKey && (e.pointerType !== "mouse" || narrow);
    press.current = { cell: found.cell, tap, dragged: false };
    if (!tap) onSelect(found.cell, e.shiftKey);
  };
  const onPointerOver = (e: PointerEvent<HTMLDivElement>) => {
    const now = press.current;
    if (!now || e.pointerType !== "mouse" || (e.buttons & 1) === 0) return;
    const found = cellFromTarget(e.target);
    if (!found) return;
    if (now.tap && !now.dragged) {
      if (found.cell.row === now.cell.row && found.cell.col === now.cell.col) return;
      // A mouse on a narrow screen still drags: from the night pressed, not from a tap.
      now.dragged = true;
      onSelect(now.cell, false);
    }
    onSelect(found.cell, true);
  };
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const now = press.current;
    press.current = null;
    if (!now?.tap || now.dragged) return;
    const found = cellFromTarget(e.target);
    if (found) onTap(found.cell);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Escape" || !selection) return;
    onSelect(selection.focus, false);
  };

  return (
    <div
      onPointerDown={onPointerDown}
      onPointerOver={onPointerOver}
      onPointerUp={() => {
        if (!press.current?.tap) press.current = null;
      }}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className="select-none"
    >
      <VirtualGrid
        rowCount={rowCount}
        colCount={nights.columns.length}
        geometry={layout.geometry}
        label={label}
        describedBy={describedBy}
        maxHeight={maxHeight}
        multiselectable
        testId="portfolio-grid"
        renderHeader={(cols, width) => (
          <NightGridHeader
            nights={nights}
            cols={cols}
            width={width}
            geometry={layout.header}
            corner="Listing"
          />
        )}
        renderRow={renderRow}
        onInspect={onInspect}
        onMove={onSelect}
        onRowsInView={onRowsInView}
      />
    </div>
  );
});
