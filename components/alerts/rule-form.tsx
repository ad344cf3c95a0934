"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Controller, useForm, useWatch, type Path, type Resolver } from "react-hook-form";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { PaceFilters } from "@/components/pace/pace-filters";
import { RuleParamsFields } from "@/components/alerts/rule-params-fields";
import { fieldErrorsOf } from "@/lib/alerts/queries";
import {
  defaultParams,
  fromPaceScope,
  KIND_LABELS,
  ruleFormSchema,
  toPaceScope,
  type RuleFormValues,
} from "@/lib/alerts/rule-form";
import { DELIVERY_CHOICES, RULE_KINDS, type RuleBody, type RuleKind } from "@/lib/alerts/rules";
import { zodFormResolver } from "@/lib/forms/resolver";
import { paceQuery } from "@/lib/pace/queries";
import { WHOLE_PORTFOLIO } from "@/lib/pace/scope";

/** The form's shape as fields see it: params loose, the schema's union checks them by kind. */
export type RuleFields = {
  kind: RuleKind;
  params: Record<string, unknown>;
  scope: RuleFormValues["scope"];
  delivery: RuleFormValues["delivery"];
};

const DELIVERY_LABELS: Record<(typeof DELIVERY_CHOICES)[number], string> = {
  immediate: "Immediately",
  digest: "In the morning digest",
  off: "Off",
};
const FIELD_PATHS = new Set(["kind", "scope", "delivery.email", "delivery.webhook"]);
const selectClass = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * A rule's kind, its threshold (the fields change with the kind), its scope (Pace's filters,
 * choices from the portfolio mirror) and its delivery; checked with the server's own schema,
 * and the server's refusals put beside the fields they name.
 */
export function RuleForm({
  defaultValues,
  onSave,
  onCancel,
  submitLabel,
  pendingLabel,
}: {
  defaultValues: RuleFormValues;
  onSave: (rule: RuleBody) => Promise<unknown>;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
}) {
  const id = useId();
  // The scope's choices are the ones Pace offers, from the mirror: no service request.
  const choices = useQuery(paceQuery({ unit: "month", pickup: 7, scope: WHOLE_PORTFOLIO }));
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<RuleFields>({
    resolver: zodFormResolver(ruleFormSchema) as unknown as Resolver<RuleFields>,
    defaultValues: defaultValues as RuleFields,
  });
  const kind = useWatch({ control, name: "kind" });

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values as unknown as RuleBody);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      let placed = false;
      for (const { field, message } of fields) {
        if (field.startsWith("params.") || FIELD_PATHS.has(field)) {
          setError(field as Path<RuleFields>, { message });
          placed = true;
        } else if (field.startsWith("scope.")) {
          setError("scope", { message });
          placed = true;
        }
      }
      if (!placed) setError("root", { message: describeError(error) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="Watch for" error={errors.kind?.message}>
        <select
          className={selectClass}
          {...register("kind", {
            onChange: (event: { target: { value: string } }) =>
              setValue("params", defaultParams(event.target.value as RuleKind) as Record<string, unknown>),
          })}
        >
          {RULE_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </Field>

      <RuleParamsFields key={kind} kind={kind} register={register} control={control} errors={errors} />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Listings watched</legend>
        <p className="text-xs text-slate-600">
          Nothing chosen: every listing of the portfolio not hidden.
          {choices.isError
            ? " The choices come from the portfolio mirror, which could not be read: start the sync to pick a market, segment or set."
            : ""}
        </p>
        <Controller
          control={control}
          name="scope"
          render={({ field }) => (
            <PaceFilters
              scope={toPaceScope(field.value ?? {})}
              choices={choices.data?.choices}
              onChange={(next) =>
                field.onChange(fromPaceScope({ ...toPaceScope(field.value ?? {}), ...next }))
              }
            />
          )}
        />
        {errors.scope?.message ? <p className="text-sm text-red-700">{errors.scope.message}</p> : null}
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">Delivery</legend>
        <Field id={`${id}-email`} label="By e-mail" error={errors.delivery?.email?.message}>
          <select className={selectClass} {...register("delivery.email")}>
            {DELIVERY_CHOICES.map((c) => (
              <option key={c} value={c}>
                {DELIVERY_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-webhook`} label="By the outgoing webhook" error={errors.delivery?.webhook?.message}>
          <select className={selectClass} {...register("delivery.webhook")}>
            {DELIVERY_CHOICES.map((c) => (
              <option key={c} value={c}>
                {DELIVERY_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>

      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <FormActions
        onCancel={onCancel}
        pending={isSubmitting}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
      />
    </form>
  );
}
