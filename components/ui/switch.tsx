"use client";

import { Switch as RadixSwitch } from "radix-ui";
import { useId, type Ref } from "react";
import { cn } from "./cn";

/** A labelled on/off switch (Radix: keyboard and screen-reader ready). */
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
  ref?: Ref<HTMLButtonElement>;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const descriptionId = `${id}-description`;
  const describedByIds = [description ? descriptionId : null, ...describedBy].filter(Boolean).join(" ");
  return (
    <div className="flex items-center gap-2">
      <RadixSwitch.Root
        id={id}
        ref={ref}
        checked={checked}
        onCheckedChange={onCheckedChange}
        onBlur={onBlur}
        disabled={disabled}
        aria-describedby={describedByIds || undefined}
        className="relative h-5 w-9 shrink-0 rounded-full bg-slate-300 transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600"
      >
        <RadixSwitch.Thumb className="block h-4 w-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </RadixSwitch.Root>
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
