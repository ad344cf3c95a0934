"use client";

import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { zodFormResolver } from "@/lib/forms/resolver";
import {
  DEFAULT_DIGEST_TIME,
  DEFAULT_TIME_ZONE,
  deliverySettingsInput,
  type DeliverySettingsInput,
} from "@/lib/alerts/delivery-settings";
import type { DeliveryAnswer } from "@/lib/alerts/delivery-settings-queries";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";

const INPUT = "w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm";

/** The browser's own zone: what a person most likely lives by, offered before anything is saved. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported("timeZone") : [DEFAULT_TIME_ZONE];
}

export interface DeliveryFormValues {
  email: string;
  time_zone: string;
  digest_time: string;
  digest: boolean;
  immediate: boolean;
}

export function initialValues(answer: DeliveryAnswer): DeliveryFormValues {
  return answer.settings
    ? { ...answer.settings }
    : {
        email: answer.suggested_email ?? "",
        time_zone: browserTimeZone(),
        digest_time: DEFAULT_DIGEST_TIME,
        digest: true,
        immediate: true,
      };
}

/**
 * The person's own delivery: the address, the time zone (typed, with every zone the browser
 * knows offered as it is typed), the digest's local time and the two switches. Checked with
 * the schema the route applies; a refusal from the route goes under the form.
 */
export function DeliveryForm({
  answer,
  onSave,
}: {
  answer: DeliveryAnswer;
  /** Resolves when saved; rejects with the sentence to show. */
  onSave: (values: DeliverySettingsInput) => Promise<void>;
}) {
  const zones = useMemo(() => timeZones(), []);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeliverySettingsInput, unknown, z.output<typeof deliverySettingsInput>>({
    resolver: zodFormResolver(deliverySettingsInput),
    defaultValues: initialValues(answer),
  });

  return (
    <form
      noValidate
      aria-label="E-mail delivery"
      className="space-y-4"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSave(values);
        } catch (error) {
          setError("root", { message: error instanceof Error ? error.message : String(error) });
        }
      })}
    >
      <Field label="E-mail address" error={errors.email?.message} hint="Alerts and the digest go here.">
        <input type="email" autoComplete="email" className={INPUT} {...register("email")} />
      </Field>
      <Field
        label="Time zone"
        error={errors.time_zone?.message}
        hint="The digest comes at your local time here; daylight saving is followed. Type to search."
      >
        <input list="delivery-time-zones" autoComplete="off" className={INPUT} {...register("time_zone")} />
      </Field>
      <datalist id="delivery-time-zones">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <Field label="Morning digest time" error={errors.digest_time?.message}>
        <input
          type="time"
          className="w-36 rounded-md border border-slate-300 px-3 py-2 text-sm"
          {...register("digest_time")}
        />
      </Field>
      <Controller
        control={control}
        name="digest"
        render={({ field }) => (
          <Switch
            label="Send me the morning digest"
            description="The alerts of rules set to the digest that fired since the last one; none is sent on a day with nothing."
            fieldLabel
            checked={field.value ?? true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <Controller
        control={control}
        name="immediate"
        render={({ field }) => (
          <Switch
            label="E-mail me at once when an immediate rule fires"
            fieldLabel
            checked={field.value ?? true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Saving\u2026" : "Save delivery settings"}
      </Button>
    </form>
  );
}
