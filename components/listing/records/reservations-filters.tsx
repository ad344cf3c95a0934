"use client";

import { useId } from "react";
import {
  DATE_FILTER_TYPES,
  dateFilterLabels,
  type ReservationFilter,
} from "@/lib/listing/records/reservations-filter";
import type { DateFilterType } from "@/lib/svc/schemas/reservations";
import { parseDay } from "@/lib/format/dates";
import { Button } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";

const inputClass = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/** Which date the range applies to, and the range (UTC days, both included). */
export function ReservationsFilters({
  filter,
  isDefault,
  onChange,
  onReset,
}: {
  filter: ReservationFilter;
  isDefault: boolean;
  onChange: (next: Partial<Pick<ReservationFilter, "by" | "from" | "to">>) => void;
  onReset: () => void;
}) {
  const id = useId();
  // A half-typed date reads as "": the filter changes once the value is a whole day.
  const move = (end: "from" | "to", value: string) => {
    if (parseDay(value) !== null) onChange({ [end]: value });
  };
  return (
    <div
      role="group"
      aria-label="Reservation filters"
      className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
    >
      <div className="flex flex-col gap-1">
        <span aria-hidden="true" className="text-xs font-medium text-slate-600">
          Filter dates by
        </span>
        <SegmentedControl<DateFilterType>
          label="Filter dates by"
          value={filter.by}
          options={DATE_FILTER_TYPES.map((value) => ({ value, label: dateFilterLabels[value].label }))}
          onValueChange={(by) => onChange({ by })}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-xs font-medium text-slate-600">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={filter.from}
            onChange={(e) => move("from", e.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-xs font-medium text-slate-600">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={filter.to}
            onChange={(e) => move("to", e.target.value)}
            className={inputClass}
          />
        </div>
        {isDefault ? null : (
          <Button variant="ghost" onClick={onReset}>
            Reset filters
          </Button>
        )}
      </div>
      <p className="w-full text-xs text-slate-600">
        {dateFilterLabels[filter.by].meaning}, UTC days, both ends included.
      </p>
    </div>
  );
}
