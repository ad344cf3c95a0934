"use client";

import { useId } from "react";

export interface Choice<V extends string> {
  value: V;
  label: string;
  /** A few words after the label ("12 of your listings"). */
  hint?: string;
}

/**
 * A group of checkboxes whose value is the list of checked options, kept in the options' order
 * whatever the order of the clicks. None checked means the condition is left out.
 */
export function ChoiceList<V extends string>({
  legend,
  options,
  value,
  onChange,
  onBlur,
  disabled = false,
  describedBy,
}: {
  legend: string;
  options: ReadonlyArray<Choice<V>>;
  value: readonly V[];
  onChange: (next: V[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-1.5" aria-describedby={describedBy} disabled={disabled}>
      <legend className="text-sm font-medium">{legend}</legend>
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5">
        {options.map((option) => (
          <li key={option.value} className="flex items-center gap-1.5">
            <input
              id={`${id}-${option.value}`}
              type="checkbox"
              checked={value.includes(option.value)}
              onBlur={onBlur}
              onChange={(e) =>
                onChange(
                  options
                    .map((o) => o.value)
                    .filter((v) => (v === option.value ? e.target.checked : value.includes(v))),
                )
              }
              className="h-4 w-4 rounded border-slate-300 accent-brand-600"
            />
            <label htmlFor={`${id}-${option.value}`} className="text-sm">
              {option.label}
              {option.hint ? <span className="text-xs text-slate-600"> ({option.hint})</span> : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
