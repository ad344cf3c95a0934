"use client";

import { useId } from "react";
import { USAGE_MAX_DAYS } from "@/lib/svc/schemas/usage";
import { parseDay } from "@/lib/format/dates";
import { clampRange, defaultRange, rangeInputBounds, type UsageWindow } from "@/lib/usage/window";
import { SegmentedControl } from "@/components/ui/segmented-control";

const DAY_CHOICES = Array.from({ length: USAGE_MAX_DAYS }, (_, i) => i + 1);
const inputClass = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/**
 * The report's window: the last 1 to 7 days (rolling, ending now), or a range of UTC days,
 * end included. Moving one end of the range moves the other, so the range stays within 7 days.
 */
export function WindowPicker({
  value,
  today,
  onChange,
}: {
  value: UsageWindow;
  /** Today's UTC day: the latest day a range can pick. */
  today: string;
  onChange: (next: UsageWindow) => void;
}) {
  const id = useId();
  const switchTo = (kind: UsageWindow["kind"]) => {
    if (kind === value.kind) return;
    onChange(
      kind === "range"
        ? { kind: "range", ...defaultRange(value.kind === "days" ? value.days : USAGE_MAX_DAYS, today) }
        : { kind: "days", days: USAGE_MAX_DAYS },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <SegmentedControl
        label="Window"
        value={value.kind}
        options={[
          { value: "days", label: "Last N days" },
          { value: "range", label: "Range" },
        ]}
        onValueChange={switchTo}
      />
      {value.kind === "days" ? (
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-days`} className="text-sm text-slate-700">
            Days
          </label>
          <select
            id={`${id}-days`}
            value={value.days}
            onChange={(e) => onChange({ kind: "days", days: Number(e.target.value) })}
            className={inputClass}
          >
            {DAY_CHOICES.includes(value.days) ? null : (
              <option value={value.days}>{value.days} (too many)</option>
            )}
            {DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? "1 (last 24 hours)" : d}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <RangeInputs range={value} today={today} onChange={onChange} />
      )}
    </div>
  );
}

function RangeInputs({
  range,
  today,
  onChange,
}: {
  range: { from: string; to: string };
  today: string;
  onChange: (next: UsageWindow) => void;
}) {
  const id = useId();
  const bounds = rangeInputBounds(range, today);
  const move = (end: "from" | "to", value: string) => {
    // A half-typed date reads as ""; the range changes once the value is a whole day.
    if (parseDay(value) === null) return;
    onChange({ kind: "range", ...clampRange(range, end, value, today) });
  };
  return (
    <div role="group" aria-label="Range of days (UTC)" className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-from`} className="text-sm text-slate-700">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={range.from}
          max={bounds.from.max}
          onChange={(e) => move("from", e.target.value)}
          aria-describedby={`${id}-hint`}
          className={inputClass}
        />
        <label htmlFor={`${id}-to`} className="text-sm text-slate-700">
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={range.to}
          min={bounds.to.min}
          max={bounds.to.max}
          onChange={(e) => move("to", e.target.value)}
          aria-describedby={`${id}-hint`}
          className={inputClass}
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        UTC days, both included, at most {USAGE_MAX_DAYS}: moving one end moves the other.
      </p>
    </div>
  );
}
