"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { MAX_RANGE_NIGHTS } from "@/lib/svc/schemas/limits";
import { isoDate } from "@/lib/svc/schemas/common";
import { Button } from "./button";

/** A range of nights as the calendars ask for it: a first night and a count. */
export interface NightRange {
  /** First night, YYYY-MM-DD. */
  start: string;
  /** 1 to 365. */
  nights: number;
}

/** The calendars take at most a year of nights in one request (the interface's bound). */
export const CALENDAR_MAX_NIGHTS = MAX_RANGE_NIGHTS;

/** The range the service takes (start_date, end_date; at most 365 nights), asked as a start and a count. */
function rangeForm(earliest: string | undefined) {
  return z.object({
    start: isoDate.refine((day) => earliest === undefined || day >= earliest, {
      error: "start today or later: past nights cannot be repriced",
    }),
    nights: z
      .number({ error: "Enter a number of nights." })
      .int("Enter a whole number of nights.")
      .min(1, "Show at least 1 night.")
      .max(CALENDAR_MAX_NIGHTS, `The calendar shows at most ${CALENDAR_MAX_NIGHTS} nights.`),
  });
}

/**
 * Changes apply on "Show", not while typing, so a half-typed date or count spends no request;
 * a refused range leaves the calendar as it was and keeps what was typed. Disabled (with the
 * reason nearby) while the calendar cannot be asked for. Shared by the set price calendar and
 * the portfolio calendar (which starts no earlier than `earliest`, today).
 */
export function CalendarRangeForm({
  value,
  onApply,
  disabled = false,
  earliest,
}: {
  value: NightRange;
  onApply: (range: NightRange) => void;
  disabled?: boolean;
  earliest?: string;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NightRange>({ resolver: zodFormResolver(rangeForm(earliest)), defaultValues: value });
  const inputClass = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-100";
  const problem = errors.start?.message ?? errors.nights?.message;

  return (
    <form
      noValidate
      aria-label="Calendar range"
      onSubmit={handleSubmit(onApply)}
      className="flex flex-wrap items-end gap-x-3 gap-y-2"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-start`} className="text-xs font-medium text-slate-700">
          First night
        </label>
        <input
          id={`${id}-start`}
          type="date"
          disabled={disabled}
          aria-invalid={errors.start ? true : undefined}
          aria-describedby={`${id}-problem`}
          className={inputClass}
          {...register("start")}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-nights`} className="text-xs font-medium text-slate-700">
          Nights (1 to {CALENDAR_MAX_NIGHTS})
        </label>
        <input
          id={`${id}-nights`}
          type="number"
          inputMode="numeric"
          min={1}
          max={CALENDAR_MAX_NIGHTS}
          disabled={disabled}
          aria-invalid={errors.nights ? true : undefined}
          aria-describedby={`${id}-problem`}
          className={`${inputClass} w-24`}
          {...register("nights", { valueAsNumber: true })}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={disabled}>
        Show
      </Button>
      <p id={`${id}-problem`} className="basis-full text-sm text-red-700 first-letter:uppercase empty:hidden">
        {problem ? `The range was not changed: ${problem}.` : ""}
      </p>
    </form>
  );
}
