"use client";

import { useId } from "react";
import type { UseFormRegister } from "react-hook-form";
import { FILTER_KEYS } from "@/lib/segments/filter";
import type { SegmentFormValues } from "@/lib/segments/form";
import { Field } from "@/components/ui/field";

/**
 * The filter as the raw JSON object the service stores. Any key is accepted here, including
 * keys the builder does not know: the contract keeps the object opaque, and the service says
 * on save which keys it evaluates.
 */
export function JsonView({
  register,
  error,
}: {
  register: UseFormRegister<SegmentFormValues>;
  error?: string;
}) {
  const id = useId();
  return (
    <Field
      id={`${id}-json`}
      label="Filter as JSON"
      hint={
        <>
          One JSON object; every condition in it must hold. The builder knows{" "}
          {FILTER_KEYS.map((key, i) => (
            <span key={key}>
              <code>{key}</code>
              {i < FILTER_KEYS.length - 1 ? ", " : ""}
            </span>
          ))}
          ; other keys are kept as written and sent to the service, which decides whether it applies them.
        </>
      }
      error={error}
      alert
      className="space-y-1.5"
    >
      <textarea
        rows={12}
        spellCheck={false}
        autoComplete="off"
        className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
        {...register("json")}
      />
    </Field>
  );
}
