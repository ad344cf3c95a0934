"use client";

import { Switch as RadixSwitch } from "radix-ui";
import { useId } from "react";

/** A labelled on/off switch (Radix: keyboard and screen-reader ready). */
export function Switch({
  label,
  checked,
  onCheckedChange,
  description,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={description ? `${id}-description` : undefined}
        className="relative h-5 w-9 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
      >
        <RadixSwitch.Thumb className="block h-4 w-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </RadixSwitch.Root>
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
      {description ? (
        <span id={`${id}-description`} className="sr-only">
          {description}
        </span>
      ) : null}
    </div>
  );
}
