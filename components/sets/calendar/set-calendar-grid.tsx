"use client";

import { useCallback, useId, useMemo, useState } from "react";
import { buildCalendarGrid, type ColourMode } from "@/lib/sets/calendar/model";
import { nightLabel } from "@/lib/sets/calendar/details";
import type { MineCalendar } from "@/lib/sets/calendar/mine";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import { SegmentedControl } from "@/components/ui/segmented-control";
import {
  CalendarHeatmap,
  type CellRef,
  type InspectEvent,
} from "@/components/sets/calendar/calendar-heatmap";
import { CalendarLegend } from "@/components/sets/calendar/calendar-legend";
import { HoverTip, NightDetails } from "@/components/sets/calendar/calendar-night-details";

const NO_MINE: readonly MineCalendar[] = [];

const MODES = [
  { value: "price", label: "Price" },
  { value: "probability", label: "Booking probability" },
] as const;

/**
 * The set price calendar drawn from the service's answer: what it covers in words, the
 * colour toggle, the legend, the heat map and the night details.
 */
export function SetCalendarGrid({
  calendar,
  mine = NO_MINE,
  maxHeight,
}: {
  calendar: SetPriceCalendar;
  /** My associated listings, pinned first. */
  mine?: readonly MineCalendar[];
  maxHeight?: number;
}) {
  const id = useId();
  const grid = useMemo(() => buildCalendarGrid(calendar, mine), [calendar, mine]);
  const [mode, setMode] = useState<ColourMode>("price");
  const [hover, setHover] = useState<{ cell: CellRef; rect: DOMRect } | null>(null);
  const [focused, setFocused] = useState<CellRef | null>(null);

  // Stable, so the memoised heat map does not re-render when a hover changes the details.
  // The latest of pointer and keyboard wins: a focus move hides the pointer's tip.
  const onInspect = useCallback((event: InspectEvent) => {
    const { cell, rect } = event;
    if (event.via === "focus") {
      setFocused(cell);
      setHover(null);
      return;
    }
    setHover((previous) => {
      if (!cell || !rect) return previous === null ? previous : null;
      if (previous && previous.cell.row === cell.row && previous.cell.col === cell.col) return previous;
      return { cell, rect };
    });
  }, []);

  const rows = grid.rows.length - grid.pinned;
  const nights = grid.columns.length;
  if (rows === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        The service returned no active members for this set, so there is no calendar to draw. Only active
        members appear on it.
      </p>
    );
  }

  const pinnedWords = grid.pinned === 0 ? "" : `, with ${grid.pinned} of your listings pinned on top`;
  const summary = `${rows} active ${rows === 1 ? "member" : "members"} × ${nights} ${nights === 1 ? "night" : "nights"}, ${nightLabel(calendar.start_date)} to ${nightLabel(calendar.end_date)}, prices in ${grid.currency}${pinnedWords}`;
  return (
    <div
      className="space-y-3"
      data-testid="set-calendar-grid"
      data-rows={rows}
      data-pinned={grid.pinned}
      data-nights={nights}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="calendar-summary">
          {summary}.
        </p>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="text-sm font-medium text-slate-700">
            Colour by
          </span>
          <SegmentedControl label="Colour by" value={mode} options={MODES} onValueChange={setMode} />
        </div>
      </div>
      <CalendarLegend grid={grid} mode={mode} />
      <p id={`${id}-keys`} className="sr-only">
        Arrow keys move between nights and listings; Home and End go to the first and last night; Page Up and
        Page Down move a week.
      </p>
      <CalendarHeatmap
        // Another range is another grid: start it at its first night with that night tabbable.
        key={`${calendar.start_date}/${calendar.end_date}/${rows}/${grid.pinned}`}
        grid={grid}
        mode={mode}
        label={`Price calendar, coloured by ${mode === "price" ? "price" : "booking probability"}: ${summary}`}
        describedBy={`${id}-keys`}
        onInspect={onInspect}
        maxHeight={maxHeight}
      />
      <NightDetails grid={grid} cell={hover?.cell ?? focused} />
      {hover ? <HoverTip grid={grid} cell={hover.cell} rect={hover.rect} /> : null}
    </div>
  );
}
