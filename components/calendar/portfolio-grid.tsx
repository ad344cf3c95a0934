"use client";

import { memo, useCallback, useMemo, useRef, type KeyboardEvent, type PointerEvent } from "react";
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
import { GEOMETRY, GRID_HEIGHT, HEADER_GEOMETRY } from "@/components/calendar/portfolio-layout";
import { PortfolioRow, type RowView } from "@/components/calendar/portfolio-rows";

/**
 * The portfolio calendar's grid: the shared virtual grid with a row per listing and a night
 * per column, and a rectangle selection by pointer (press and drag, Shift+click) and keyboard
 * (Shift+arrows; Escape keeps only the focused night).
 */
export const PortfolioGrid = memo(function PortfolioGrid({
  rowCount,
  nights,
  viewOf,
  selection,
  onSelect,
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
  const dragging = useRef(false);

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
          onRetry={onRetry}
        />
      );
    },
    [viewOf, nights, rect, colourBy, figure, onRetry],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const found = cellFromTarget(e.target);
    if (!found) return;
    dragging.current = true;
    onSelect(found.cell, e.shiftKey);
  };
  const onPointerOver = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || (e.buttons & 1) === 0) return;
    const found = cellFromTarget(e.target);
    if (found) onSelect(found.cell, true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Escape" || !selection) return;
    onSelect(selection.focus, false);
  };

  return (
    <div
      onPointerDown={onPointerDown}
      onPointerOver={onPointerOver}
      onPointerUp={() => (dragging.current = false)}
      onKeyDown={onKeyDown}
      className="select-none"
    >
      <VirtualGrid
        rowCount={rowCount}
        colCount={nights.columns.length}
        geometry={GEOMETRY}
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
            geometry={HEADER_GEOMETRY}
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
