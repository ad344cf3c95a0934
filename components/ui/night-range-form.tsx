"use client";

import { useId, useState, type FormEvent } from "react";
import { z } from "zod";
import { formParseOptions } from "@/lib/forms/error-map";
import { MAX_RANGE_NIGHTS } from "@/lib/svc/schemas/limits";
import { isoDate } from "@/lib/svc/schemas/common";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";

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

/** The first problem of each field, in the forms' words. */
type RangeProblems = Partial<Record<keyof NightRange, string>>;

/**
 * Changes apply on "Show", not while typing, so a half-typed date or count spends no request;
 * a refused range leaves the calendar as it was and keeps what was typed. Disabled (with the
 * reason nearby) while the calendar cannot be asked for. Shared by the set price calendar and
 * the portfolio calendar (which starts no earlier than `earliest`, today).
 *
 * Two fields read once, on Show, with the same zod schema and error map as the dashboard's
 * forms: no form library. This form is on the portfolio calendar's first screen, and
 * react-hook-form with its resolver cost that page 14 KiB compressed before it could start
 * (docs/page-budgets-decisions.md); the editing forms, opened later, keep react-hook-form.
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
  const [errors, setErrors] = useState<RangeProblems>({});

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = new FormData(form);
    const nights = String(typed.get("nights") ?? "").trim();
    const parsed = rangeForm(earliest).safeParse(
      { start: typed.get("start"), nights: nights === "" ? Number.NaN : Number(nights) },
      formParseOptions,
    );
    if (parsed.success) {
      setErrors({});
      onApply(parsed.data);
      return;
    }
    const problems: RangeProblems = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof NightRange;
      problems[field] ??= issue.message;
    }
    setErrors(problems);
    // As the editing forms do: focus goes to the first field to fix.
    const first = (["start", "nights"] as const).find((field) => problems[field]);
    if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  }

  const inputClass = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-100";
  const problem = errors.start ?? errors.nights;
  // One line says what is wrong with the range, after the Show button, for both fields.
  const problemId = `${id}-problem`;
  const fieldClass = "flex flex-col gap-1";
  const labelClass = "text-xs font-medium text-slate-700";

  return (
    <form
      noValidate
      aria-label="Calendar range"
      onSubmit={show}
      className="flex flex-wrap items-end gap-x-3 gap-y-2"
    >
      <Field
        id={`${id}-start`}
        label="First night"
        invalid={Boolean(errors.start)}
        errorId={problemId}
        className={fieldClass}
        labelClassName={labelClass}
      >
        <input
          type="date"
          disabled={disabled}
          className={inputClass}
          name="start"
          defaultValue={value.start}
        />
      </Field>
      <Field
        id={`${id}-nights`}
        label={`Nights (1 to ${CALENDAR_MAX_NIGHTS})`}
        invalid={Boolean(errors.nights)}
        errorId={problemId}
        className={fieldClass}
        labelClassName={labelClass}
      >
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={CALENDAR_MAX_NIGHTS}
          disabled={disabled}
          className={`${inputClass} w-24`}
          name="nights"
          defaultValue={value.nights}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={disabled}>
        Show
      </Button>
      <FieldError
        id={problemId}
        className="basis-full text-sm text-red-700 first-letter:uppercase empty:hidden"
      >
        {problem ? `The range was not changed: ${problem.replace(/\.$/, "")}.` : ""}
      </FieldError>
    </form>
  );
}
