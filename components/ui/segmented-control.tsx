"use client";

import { useId } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A row of mutually exclusive choices drawn as one control: native radio buttons sharing a name,
 * in a labelled radiogroup. The browser gives them what a radiogroup needs (Tab reaches the
 * checked one, the arrow keys move and choose, screen readers say "radio, 2 of 3"), so no script
 * library is needed: this control is on the first screen of many pages, and Radix's radio group
 * with its roving focus and collection cost those pages about 7 KiB compressed before they could
 * start (docs/page-budgets-decisions.md).
 *
 * Each radio lies, transparent, over its segment, so a click or a tap lands on the radio itself.
 */
export function SegmentedControl<V extends string>({
  label,
  value,
  options,
  onValueChange,
}: {
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onValueChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="inline-flex rounded-md border border-slate-300 bg-slate-100 p-0.5"
    >
      {options.map((option) => (
        <label key={option.value} className="relative">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onValueChange(option.value)}
            className="peer absolute inset-0 m-0 cursor-pointer appearance-none rounded opacity-0"
          />
          <span
            className={cn(
              "block rounded px-3 py-1 text-sm font-medium text-slate-700 transition-colors peer-hover:text-slate-900",
              "peer-checked:bg-white peer-checked:text-brand-700 peer-checked:shadow-sm",
              "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500",
            )}
          >
            {option.label}
          </span>
        </label>
      ))}
    </div>
  );
}
