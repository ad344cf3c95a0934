"use client";

import { useEffect, useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { changeFormSchema, type ChangeFormValues } from "@/lib/calendar/change-form";
import { zodFormResolver } from "@/lib/forms/resolver";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

const labelClass = "block text-sm font-medium text-slate-900";
const inputClass =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600";

/**
 * The change's value: a fixed price or a percentage of the recommendation (a custom rate), or
 * a number of nights (a minimum stay). Checked before anything is sent; what was typed is
 * reported up as it changes, so the preview follows it and a refusal keeps it.
 */
export function ChangeForm({
  kind,
  defaultValues,
  onChange,
  canApply,
  submitLabel,
  onApply,
  onCancel,
}: {
  kind: "rate" | "min_stay";
  defaultValues: ChangeFormValues;
  onChange: (values: ChangeFormValues) => void;
  canApply: boolean;
  submitLabel: string;
  onApply: (values: ChangeFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChangeFormValues>({ resolver: zodFormResolver(changeFormSchema), defaultValues });
  const watched = useWatch({ control });
  useEffect(() => {
    onChange({
      mode: watched.mode ?? defaultValues.mode,
      value: watched.value ?? Number.NaN,
      reason: watched.reason ?? "",
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reports what is typed, nothing else
  }, [watched.mode, watched.value, watched.reason]);
  const mode = watched.mode ?? defaultValues.mode;

  return (
    <form noValidate onSubmit={handleSubmit(onApply)} className="space-y-3">
      {kind === "rate" ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-900">Kind of rate</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-1.5">
              <input type="radio" value="fixed" {...register("mode")} /> Fixed price a night
            </label>
            <label className="flex items-center gap-1.5">
              <input type="radio" value="percent" {...register("mode")} /> Percent of the recommendation
            </label>
          </div>
        </fieldset>
      ) : null}
      <Field
        id={`${id}-value`}
        label={
          mode === "fixed"
            ? "Price a night (each listing's own currency)"
            : mode === "percent"
              ? "Percent (-20 is 20 % below the recommendation)"
              : "Minimum stay (nights)"
        }
        error={errors.value?.message}
        invalid={Boolean(errors.value)}
        labelClassName={labelClass}
      >
        <input
          type="number"
          step={mode === "min_stay" ? 1 : "any"}
          inputMode="decimal"
          className={inputClass}
          {...register("value", { valueAsNumber: true })}
        />
      </Field>
      <Field
        id={`${id}-reason`}
        label="Reason (optional, kept with the rate)"
        error={errors.reason?.message}
        invalid={Boolean(errors.reason)}
        labelClassName={labelClass}
      >
        <input type="text" maxLength={200} className={inputClass} {...register("reason")} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canApply || isSubmitting}>
          {isSubmitting ? "Applying…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
