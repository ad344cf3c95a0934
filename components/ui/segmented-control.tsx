"use client";

import { RadioGroup } from "radix-ui";
import { cn } from "./cn";

/**
 * A row of mutually exclusive choices drawn as one control (Radix RadioGroup: a radiogroup of
 * radios, arrow keys move between them).
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
  return (
    <RadioGroup.Root
      aria-label={label}
      value={value}
      onValueChange={(next) => onValueChange(next as V)}
      orientation="horizontal"
      className="inline-flex rounded-md border border-slate-300 bg-slate-100 p-0.5"
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            "rounded px-3 py-1 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900",
            "data-[state=checked]:bg-white data-[state=checked]:text-brand-700 data-[state=checked]:shadow-sm",
          )}
        >
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
