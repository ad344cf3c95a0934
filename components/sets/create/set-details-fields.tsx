"use client";

import { useId } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { SetDetails } from "@/lib/sets/list";
import { Field } from "@/components/ui/field";

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
      <Field
        id={`${id}-name`}
        label={
          <>
            Name <span className="font-normal text-slate-600">(required)</span>
          </>
        }
        error={errors.name?.message}
        invalid={Boolean(errors.name)}
        keepErrorLine={false}
        className="min-w-64 flex-1 space-y-1"
      >
        <input
          autoComplete="off"
          aria-required="true"
          placeholder="e.g. Mueller 1BR comps"
          className={inputClass}
          {...register("name")}
        />
      </Field>
      <Field
        id={`${id}-kind`}
        label={
          <>
            Kind <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        hint={<>Any word you filter sets by. Left empty, the set&apos;s kind is “other”.</>}
        error={errors.kind?.message}
        invalid={Boolean(errors.kind)}
        keepErrorLine={false}
        className="w-72 space-y-1"
      >
        {(control) => (
          <>
            <input
              {...control}
              list={`${id}-kinds`}
              autoComplete="off"
              className={inputClass}
              {...register("kind")}
            />
            <datalist id={`${id}-kinds`}>
              {suggestions.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
          </>
        )}
      </Field>
    </div>
  );
}
