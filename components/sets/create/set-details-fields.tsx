"use client";

import { useId } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { SetDetails } from "@/lib/sets/list";

const inputClass = "w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm";

/** The set's name (required) and kind (free text, with the usual ones suggested). */
export function SetDetailsFields({
  register,
  errors,
  suggestions,
}: {
  register: UseFormRegister<SetDetails>;
  errors: FieldErrors<SetDetails>;
  suggestions: readonly string[];
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap gap-4">
      <div className="min-w-64 flex-1 space-y-1">
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          Name <span className="font-normal text-slate-600">(required)</span>
        </label>
        <input
          id={`${id}-name`}
          autoComplete="off"
          aria-required="true"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          placeholder="e.g. Mueller 1BR comps"
          className={inputClass}
          {...register("name")}
        />
        {errors.name ? (
          <p id={`${id}-name-error`} className="text-sm text-red-700">
            {errors.name.message}
          </p>
        ) : null}
      </div>
      <div className="w-72 space-y-1">
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium">
          Kind <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input
          id={`${id}-kind`}
          list={`${id}-kinds`}
          autoComplete="off"
          aria-invalid={errors.kind ? true : undefined}
          aria-describedby={`${id}-kind-hint${errors.kind ? ` ${id}-kind-error` : ""}`}
          className={inputClass}
          {...register("kind")}
        />
        <datalist id={`${id}-kinds`}>
          {suggestions.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        <p id={`${id}-kind-hint`} className="text-xs text-slate-600">
          Any word you filter sets by. Left empty, the set&apos;s kind is “other”.
        </p>
        {errors.kind ? (
          <p id={`${id}-kind-error`} className="text-sm text-red-700">
            {errors.kind.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
