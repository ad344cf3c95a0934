"use client";

import { memo, useCallback } from "react";
import type { CalendarGrid, ColourMode } from "@/lib/sets/calendar/model";
import { VirtualGrid, type RowRenderArgs } from "@/components/ui/virtual-grid";
import { NightGridHeader } from "@/components/ui/night-grid-header";
import { HEADER_GEOMETRY, HeatmapRow } from "@/components/sets/calendar/calendar-heatmap-rows";
import {
  CELL_WIDTH,
  DEFAULT_GRID_HEIGHT,
  HEADER_HEIGHT,
  NAME_WIDTH,
  ROW_HEIGHT,
} from "@/components/ui/heatmap-layout";

export type { CellRef, InspectEvent } from "@/components/ui/virtual-grid";
import type { InspectEvent } from "@/components/ui/virtual-grid";

const GEOMETRY = {
  rowHeight: ROW_HEIGHT,
  cellWidth: CELL_WIDTH,
  headerHeight: HEADER_HEIGHT,
  nameWidth: NAME_WIDTH,
};

/**
 * The set price calendar's heat map: the shared virtual grid (one row per member, one column
 * per night) with my listings' rows pinned under the header (sticky, in the flow right after
 * it) and a coloured square per night.
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
  const renderRow = useCallback(
    ({ row, top, width, cols, activeCol }: RowRenderArgs) => (
      <HeatmapRow
        grid={grid}
        mode={mode}
        row={row}
        top={top}
        width={width}
        cols={cols}
        activeCol={activeCol}
      />
    ),
    [grid, mode],
  );
  return (
    <VirtualGrid
      rowCount={grid.rows.length}
      colCount={grid.columns.length}
      pinned={grid.pinned}
      geometry={GEOMETRY}
      label={label}
      describedBy={describedBy}
      maxHeight={maxHeight}
      testId="calendar-grid"
      renderHeader={(cols, width) => (
        <NightGridHeader
          nights={grid}
          cols={cols}
          width={width}
          geometry={HEADER_GEOMETRY}
          corner="Listing"
        />
      )}
      renderRow={renderRow}
      onInspect={onInspect}
    />
  );
});
