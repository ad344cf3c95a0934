"use client";

import { useCallback, useId, useMemo, useState } from "react";
import { buildCalendarGrid, type ColourMode } from "@/lib/sets/calendar/model";
import { nightLabel } from "@/lib/sets/calendar/details";
import type { MineCalendar } from "@/lib/sets/calendar/mine";
import { compStats } from "@/lib/sets/calendar/comp-stats";
import { applyPriceScale, type PriceScale } from "@/lib/sets/calendar/price-scale";
import { calendarView } from "@/lib/sets/calendar/view";
import { setNameWidth, setPriceScale, useNameWidth, usePriceScale } from "@/lib/sets/calendar/view-prefs";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import { SegmentedControl } from "@/components/ui/segmented-control";
import {
  CalendarHeatmap,
  type CellRef,
  type InspectEvent,
} from "@/components/sets/calendar/calendar-heatmap";
import { CalendarLegend } from "@/components/sets/calendar/calendar-legend";
import { NameResizer } from "@/components/sets/calendar/name-resizer";
import {
  FigureNightDetails,
  FigureTip,
  HoverTip,
  NightDetails,
} from "@/components/sets/calendar/calendar-night-details";

const NO_MINE: readonly MineCalendar[] = [];
const NO_IDS: ReadonlySet<string> = new Set();

const MODES = [
  { value: "price", label: "Price" },
  { value: "probability", label: "Booking probability" },
] as const;

const SCALES: ReadonlyArray<{ value: PriceScale; label: string }> = [
  { value: "set", label: "Rescaled to this set" },
  { value: "bands", label: "Fixed price bands" },
];

/**
 * The set price calendar drawn from the service's answer: what it covers in words, the
 * colour toggles (what to colour by; prices rescaled to the set or in fixed bands, kept in
 * this browser), the legend, the heat map with the comps' figures and my differences to
 * their median, the resizable name column and the night details.
 */
export function SetCalendarGrid({
  calendar,
  mine = NO_MINE,
  leftOut = NO_IDS,
  maxHeight,
}: {
  calendar: SetPriceCalendar;
  /** My associated listings, pinned first. */
  mine?: readonly MineCalendar[];
  /** Comps the members answer holds under another status than active: out of the figures. */
  leftOut?: ReadonlySet<string>;
  maxHeight?: number;
}) {
  const id = useId();
  const scale = usePriceScale();
  const storedWidth = useNameWidth();
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const nameWidth = dragWidth ?? storedWidth;
  const built = useMemo(() => buildCalendarGrid(calendar, mine), [calendar, mine]);
  const grid = useMemo(() => applyPriceScale(built, scale), [built, scale]);
  const stats = useMemo(() => compStats(built, leftOut), [built, leftOut]);
  const view = useMemo(() => calendarView(grid, stats), [grid, stats]);
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
  const commitWidth = useCallback((width: number) => {
    setNameWidth(width);
    setDragWidth(null);
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
  const shown = hover?.cell ?? focused;
  const line = shown ? view.lines[shown.row] : undefined;
  const details =
    shown && line && line.kind !== "listing" ? (
      <FigureNightDetails view={view} line={line} col={shown.col} />
    ) : (
      <NightDetails
        grid={grid}
        cell={shown && line?.kind === "listing" ? { row: line.row, col: shown.col } : null}
      />
    );
  const hoverLine = hover ? view.lines[hover.cell.row] : undefined;
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
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="text-sm font-medium text-slate-700">
              Colour by
            </span>
            <SegmentedControl label="Colour by" value={mode} options={MODES} onValueChange={setMode} />
          </div>
          {mode === "price" ? (
            <div className="flex items-center gap-2">
              <span aria-hidden="true" className="text-sm font-medium text-slate-700">
                Price colours
              </span>
              <SegmentedControl
                label="Price colours"
                value={scale}
                options={SCALES}
                onValueChange={setPriceScale}
              />
            </div>
          ) : null}
        </div>
      </div>
      <CalendarLegend grid={grid} mode={mode} scale={scale} stats={stats} />
      <p id={`${id}-keys`} className="sr-only">
        Arrow keys move between nights and listings; Home and End go to the first and last night; Page Up and
        Page Down move a week. The first lines under the header are your listings, each followed by its
        difference to the comps&apos; median, then the comps&apos; median, 25th and 75th percentile.
      </p>
      <div className="relative" id={`${id}-grid`}>
        <CalendarHeatmap
          // Another range is another grid: start it at its first night with that night tabbable.
          key={`${calendar.start_date}/${calendar.end_date}/${rows}/${grid.pinned}`}
          view={view}
          mode={mode}
          label={`Price calendar, coloured by ${mode === "price" ? "price" : "booking probability"}: ${summary}`}
          describedBy={`${id}-keys`}
          onInspect={onInspect}
          nameWidth={nameWidth}
          maxHeight={maxHeight}
        />
        <NameResizer
          width={nameWidth}
          controls={`${id}-grid`}
          onChange={setDragWidth}
          onCommit={commitWidth}
        />
      </div>
      {details}
      {hover && hoverLine ? (
        hoverLine.kind === "listing" ? (
          <HoverTip grid={grid} cell={{ row: hoverLine.row, col: hover.cell.col }} rect={hover.rect} />
        ) : (
          <FigureTip view={view} line={hoverLine} col={hover.cell.col} rect={hover.rect} />
        )
      ) : null}
    </div>
  );
}
