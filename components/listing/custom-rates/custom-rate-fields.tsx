"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useId, type ReactNode } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import {
  customRateFormError,
  customRateFormSchema,
  localDateTimeToIso,
  type CustomRateFormValues,
} from "@/lib/listing/custom-rates/form";
import { formatUtc } from "@/lib/format/times";
import type { CustomRateInput } from "@/lib/svc/schemas/custom-rates";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";
import { SegmentedControl } from "@/components/ui/segmented-control";
import {
  focusConfirmation,
  GuardrailConfirm,
  useGuardrailConfirmation,
} from "@/components/listing/guardrails/guardrail-note";
import {
  RateGuardrailNotes,
  rateSignature,
  viewOf,
  type RateGuard,
} from "@/components/listing/custom-rates/rate-guardrails";

const kindOptions = [
  { value: "percent", label: "Percent of the recommendation" },
  { value: "fixed", label: "Fixed price" },
] as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const inputClass =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600";

/** The label and error line of this form's fields; an error's first letter is raised, whoever wrote it. */
const fieldLook = {
  labelClassName: "block text-sm font-medium text-slate-900",
  errorClassName: "text-sm text-red-700 first-letter:uppercase",
} as const;

/**
 * One custom rate period: first and last night, percent or fixed, the value, and the optional
 * minimum stay, expiry and reason. Checked with the contract's period schema before sending;
 * the service's refusal lands on the field it names. What was typed stays after a failure.
 * With a `guard`, a rate outside the listing's price limits is said beside the value and the
 * submit waits for a confirmation ("Add anyway").
 */
export function CustomRateFields({
  defaultValues,
  currencyNote,
  today,
  disabled = false,
  onSave,
  submitLabel,
  pendingLabel,
  extraActions,
  guard,
  periodNote,
}: {
  defaultValues: CustomRateFormValues;
  /** The currency a fixed price is in, in words ("USD", or "each listing's own currency"). */
  currencyNote: string;
  /** The first night a period may end on (the service refuses periods ended before today). */
  today: string;
  disabled?: boolean;
  onSave: (period: CustomRateInput, values: CustomRateFormValues) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  extraActions?: ReactNode;
  guard?: RateGuard;
  /** Said under the dates once both are typed (the booked nights the period would cover). */
  periodNote?: (period: { start_date: string; end_date: string }) => ReactNode;
}) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CustomRateFormValues, unknown, CustomRateInput>({
    resolver: zodFormResolver(customRateFormSchema),
    defaultValues,
  });
  const kind = useWatch({ control, name: "price_type" });
  const typedStart = useWatch({ control, name: "start_date" }) ?? "";
  const typedEnd = useWatch({ control, name: "end_date" }) ?? "";
  const typedPeriod =
    ISO_DAY.test(typedStart) && ISO_DAY.test(typedEnd) && typedStart <= typedEnd
      ? { start_date: typedStart, end_date: typedEnd }
      : null;
  const typedValue = useWatch({ control, name: "price_value" });
  // Typed in the reader's zone (a datetime-local input), shown in UTC like the rates table.
  const typedExpiry = localDateTimeToIso(useWatch({ control, name: "expires_at" })?.trim() ?? "");
  const view = viewOf(guard, kind, typedValue ?? "");
  const confirmation = useGuardrailConfirmation(rateSignature(view));
  const guardId = `${id}-price_value-guardrails`;

  const submit = handleSubmit(async (period) => {
    if (!confirmation.allows()) {
      focusConfirmation(`${id}-confirm`);
      return;
    }
    try {
      await onSave(period, getValues());
    } catch (error) {
      const placed = customRateFormError(error);
      if (placed && placed.field !== "root") setError(placed.field, { message: placed.message });
      else setError("root", { message: placed?.message ?? describeError(error) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <fieldset disabled={disabled || isSubmitting} className="space-y-3">
        <legend className="sr-only">The custom rate</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id={`${id}-start_date`}
            label="First night"
            error={errors.start_date?.message}
            invalid={Boolean(errors.start_date)}
            {...fieldLook}
          >
            <input type="date" min={today} className={inputClass} {...register("start_date")} />
          </Field>
          <Field
            id={`${id}-end_date`}
            label="Last night"
            hint="Included in the period."
            error={errors.end_date?.message}
            invalid={Boolean(errors.end_date)}
            {...fieldLook}
          >
            <input type="date" min={today} className={inputClass} {...register("end_date")} />
          </Field>
        </div>

        {periodNote && typedPeriod ? periodNote(typedPeriod) : null}

        <div className="space-y-1">
          <span id={`${id}-kind-label`} className="block text-sm font-medium text-slate-900">
            Adjustment
          </span>
          <Controller
            control={control}
            name="price_type"
            render={({ field }) => (
              <SegmentedControl
                label="Adjustment"
                value={field.value}
                options={kindOptions}
                onValueChange={field.onChange}
              />
            )}
          />
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id={`${id}-price_value`}
            label={kind === "fixed" ? "Nightly price" : "Percent"}
            hint={
              kind === "fixed"
                ? `In ${currencyNote}; replaces the recommendation.`
                : "Moves the recommendation: -15 is 15% below it, 10 is 10% above."
            }
            error={errors.price_value?.message}
            invalid={Boolean(errors.price_value)}
            {...fieldLook}
            describedBy={[view.found.length || view.notes.length ? guardId : null]}
            after={<RateGuardrailNotes id={guardId} view={view} />}
          >
            <input
              inputMode="decimal"
              autoComplete="off"
              className={inputClass}
              {...register("price_value")}
            />
          </Field>
          <Field
            id={`${id}-min_stay`}
            label="Minimum stay (optional)"
            hint="Nights; overrides the listing's minimum stay in the period."
            error={errors.min_stay?.message}
            invalid={Boolean(errors.min_stay)}
            {...fieldLook}
          >
            <input inputMode="numeric" autoComplete="off" className={inputClass} {...register("min_stay")} />
          </Field>
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id={`${id}-expires_at`}
            label="Expires (optional)"
            hint={
              typedExpiry
                ? `In your time zone: ${formatUtc(typedExpiry, { seconds: false })}. After it the period no longer applies.`
                : "In your time zone. After it the period no longer applies."
            }
            error={errors.expires_at?.message}
            invalid={Boolean(errors.expires_at)}
            {...fieldLook}
          >
            <input type="datetime-local" className={inputClass} {...register("expires_at")} />
          </Field>
          <Field
            id={`${id}-reason`}
            label="Reason (optional)"
            error={errors.reason?.message}
            invalid={Boolean(errors.reason)}
            {...fieldLook}
          >
            <input autoComplete="off" maxLength={200} className={inputClass} {...register("reason")} />
          </Field>
        </div>
      </fieldset>

      {guard ? (
        <GuardrailConfirm
          id={`${id}-confirm`}
          count={view.found.length}
          confirmation={confirmation}
          verb={guard.verb}
        />
      ) : null}
      <p role="alert" className="text-sm text-red-700">
        {errors.root?.message ?? ""}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {extraActions}
        <Button type="submit" disabled={disabled || isSubmitting}>
          {isSubmitting ? pendingLabel : confirmation.confirmed && guard ? guard.confirmedLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
