"use client";

import type { NightRange } from "@/lib/calendar/range";
import type { ColourBy, Figure } from "@/lib/calendar/rows";
import { CalendarRangeForm } from "@/components/ui/night-range-form";
import { SegmentedControl } from "@/components/ui/segmented-control";

const COLOUR_OPTIONS = [
  { value: "price", label: "Price vs base" },
  { value: "demand", label: "Demand" },
] as const;

const FIGURE_OPTIONS = [
  { value: "price", label: "Price" },
  { value: "recommended", label: "Recommendation" },
] as const;

/** The range (applied on Show), what each night's figure is, and what its colour says. */
export function CalendarControls({
  range,
  today,
  colourBy,
  figure,
  onRange,
  onColourBy,
  onFigure,
}: {
  range: NightRange;
  today: string;
  colourBy: ColourBy;
  figure: Figure;
  onRange: (range: NightRange) => void;
  onColourBy: (value: ColourBy) => void;
  onFigure: (value: Figure) => void;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <CalendarRangeForm
        // A range changed elsewhere (the URL) resets what the form shows.
        key={`${range.start}/${range.nights}`}
        value={range}
        onApply={onRange}
        earliest={today}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="text-sm font-medium text-slate-700">
            Nights show
          </span>
          <SegmentedControl
            label="Nights show"
            value={figure}
            options={FIGURE_OPTIONS}
            onValueChange={onFigure}
          />
        </div>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="text-sm font-medium text-slate-700">
            Colour by
          </span>
          <SegmentedControl
            label="Colour by"
            value={colourBy}
            options={COLOUR_OPTIONS}
            onValueChange={onColourBy}
          />
        </div>
      </div>
    </div>
  );
}
