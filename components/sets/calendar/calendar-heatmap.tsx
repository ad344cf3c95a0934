"use client";

import { memo, useCallback } from "react";
import type { ColourMode } from "@/lib/sets/calendar/model";
import type { CalendarView } from "@/lib/sets/calendar/view";
import { VirtualGrid, type RowRenderArgs } from "@/components/ui/virtual-grid";
import { NightGridHeader } from "@/components/ui/night-grid-header";
import { HEADER_GEOMETRY, HeatmapRow } from "@/components/sets/calendar/calendar-heatmap-rows";
import { FigureRow } from "@/components/sets/calendar/calendar-figure-rows";
import { CELL_WIDTH, DEFAULT_GRID_HEIGHT, HEADER_HEIGHT, ROW_HEIGHT } from "@/components/ui/heatmap-layout";

export type { CellRef, InspectEvent } from "@/components/ui/virtual-grid";
import type { InspectEvent } from "@/components/ui/virtual-grid";

/**
 * The set price calendar's heat map: the shared virtual grid (one line per member, one column
 * per night) with my listings' rows, their differences to the comps' median and the comps'
 * figures pinned under the header (sticky, in the flow right after it), and a coloured
 * square per night of a listing. `nameWidth`: the reader's width of the name column.
 */
export const CalendarHeatmap = memo(function CalendarHeatmap({
  view,
  mode,
  label,
  describedBy,
  onInspect,
  nameWidth,
  maxHeight = DEFAULT_GRID_HEIGHT,
}: {
  view: CalendarView;
  mode: ColourMode;
  label: string;
  describedBy?: string;
  onInspect: (event: InspectEvent) => void;
  nameWidth: number;
  maxHeight?: number;
}) {
  const renderRow = useCallback(
    ({ row: index, top, width, cols, activeCol }: RowRenderArgs) => {
      const line = view.lines[index]!;
      const lastPinned = index === view.pinned - 1;
      return line.kind === "listing" ? (
        <HeatmapRow
          grid={view.grid}
          mode={mode}
          row={line.row}
          line={index}
          lastPinned={lastPinned}
          nameWidth={nameWidth}
          top={top}
          width={width}
          cols={cols}
          activeCol={activeCol}
        />
      ) : (
        <FigureRow
          view={view}
          line={line}
          index={index}
          nameWidth={nameWidth}
          lastPinned={lastPinned}
          width={width}
          cols={cols}
          activeCol={activeCol}
        />
      );
    },
    [view, mode, nameWidth],
  );
  return (
    <VirtualGrid
      rowCount={view.lines.length}
      colCount={view.grid.columns.length}
      pinned={view.pinned}
      geometry={{ rowHeight: ROW_HEIGHT, cellWidth: CELL_WIDTH, headerHeight: HEADER_HEIGHT, nameWidth }}
      label={label}
      describedBy={describedBy}
      maxHeight={maxHeight}
      testId="calendar-grid"
      renderHeader={(cols, width) => (
        <NightGridHeader
          nights={view.grid}
          cols={cols}
          width={width}
          geometry={{ ...HEADER_GEOMETRY, nameWidth }}
          corner="Listing"
        />
      )}
      renderRow={renderRow}
      onInspect={onInspect}
    />
  );
});
