"use client";

import { useId, type Ref } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A labelled on/off switch: a native checkbox with the switch role, so the browser gives it its
 * keyboard (Space) and screen readers say "switch, on". No script library: switches are on the
 * first screen of the portfolio and the calendar, where Radix's switch and the primitives under
 * it cost about 5 KiB compressed before the page could start (docs/page-budgets-decisions.md).
 * The checkbox lies, transparent, over the drawn track, so a click lands on it.
 */
export function Switch({
  label,
  checked,
  onCheckedChange,
  description,
  disabled = false,
  id: givenId,
  describedBy = [],
  fieldLabel = false,
  onBlur,
  ref,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Read to screen readers only; show a visible note yourself and pass its id in `describedBy`. */
  description?: string;
  /** Pair a disabled switch with a note saying why, and pass that note's id in `describedBy`. */
  disabled?: boolean;
  id?: string;
  /** Ids of notes shown elsewhere (a hint, why it is disabled) that describe the switch. */
  describedBy?: ReadonlyArray<string | null | undefined | false>;
  /** Label weighted like a form's other field labels, for a switch inside a form. */
  fieldLabel?: boolean;
  onBlur?: () => void;
  /** For a form library to focus the switch (react-hook-form's `field.ref`). */
  ref?: Ref<HTMLInputElement>;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const descriptionId = `${id}-description`;
  const describedByIds = [description ? descriptionId : null, ...describedBy].filter(Boolean).join(" ");
  return (
    <div className="flex items-center gap-2">
      <span className="relative inline-flex h-5 w-9 shrink-0">
        <input
          type="checkbox"
          role="switch"
          id={id}
          ref={ref}
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          onBlur={onBlur}
          disabled={disabled}
          aria-describedby={describedByIds || undefined}
          className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className={cn(
            "h-5 w-9 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-disabled:opacity-60",
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500",
          )}
        />
        <span
          aria-hidden="true"
          className="absolute left-0.5 top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform peer-checked:translate-x-4"
        />
      </span>
      <label
        htmlFor={id}
        className={cn("text-sm", fieldLabel ? "font-medium text-slate-800" : "text-slate-700")}
      >
        {label}
      </label>
      {description ? (
        <span id={descriptionId} className="sr-only">
          {description}
        </span>
      ) : null}
    </div>
  );
}
