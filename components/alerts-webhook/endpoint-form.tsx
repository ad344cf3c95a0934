"use client";

import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { endpointInput, type EndpointInput } from "@/lib/alerts/outgoing-webhook";
import { zodFormResolver } from "@/lib/forms/resolver";
import { isSvcError } from "@/lib/svc/errors";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";

const FIELDS = ["url", "enabled", "digest_time", "time_zone"] as const;
type FieldName = (typeof FIELDS)[number];

/** The dashboard's refusal of a field, where it named one; else null. */
function refusedFields(error: unknown): Array<{ field: FieldName; message: string }> {
  if (!isSvcError(error)) return [];
  const fields = (error.details?.fields ?? []) as Array<{ field?: string; message?: string }>;
  return fields.flatMap((f) =>
    FIELDS.includes(f.field as FieldName) && f.message
      ? [{ field: f.field as FieldName, message: f.message }]
      : [],
  );
}

const inputClass = "w-full rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-50";

/**
 * Where the alerts go, on or off, and the time of the daily digest in the reader's zone. Checked
 * with the interface's own schema before it is sent; the dashboard's refusal of a field is
 * shown next to it. What was typed stays after a failed save.
 */
export function EndpointForm({
  defaultValues,
  canEdit,
  onSave,
  submitLabel,
}: {
  defaultValues: EndpointInput;
  canEdit: boolean;
  onSave: (values: EndpointInput) => Promise<unknown>;
  submitLabel: string;
}) {
  const zones = useMemo(() => Intl.supportedValuesOf("timeZone"), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodFormResolver(endpointInput), defaultValues });

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      const placed = refusedFields(error);
      for (const p of placed) setError(p.field, { message: p.message });
      if (placed.length === 0) setError("root", { message: describeError(error) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Alerts webhook endpoint">
      <Field
        label="Endpoint URL"
        hint="It must start with https://. Plain http:// is taken only to this machine (localhost, 127.0.0.1 or [::1]), for a receiver under test or one running beside the dashboard."
        error={errors.url?.message}
      >
        <input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/hooks/alerts"
          disabled={!canEdit}
          className={inputClass}
          {...register("url")}
        />
      </Field>
      <div className="flex items-start gap-2">
        <input
          id="alerts-webhook-enabled"
          type="checkbox"
          disabled={!canEdit}
          className="mt-0.5 h-4 w-4"
          aria-describedby="alerts-webhook-enabled-hint"
          {...register("enabled")}
        />
        <div>
          <label htmlFor="alerts-webhook-enabled" className="text-sm font-medium">
            Send alerts to this endpoint
          </label>
          <p id="alerts-webhook-enabled-hint" className="text-xs text-slate-600">
            While it is off, nothing is sent and retries wait.
          </p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Daily digest time"
          hint="For rules whose webhook delivery is the digest: their alerts go together once a day at this time."
          error={errors.digest_time?.message}
        >
          <input type="time" disabled={!canEdit} className={inputClass} {...register("digest_time")} />
        </Field>
        <Field
          label="Time zone"
          hint="The digest follows this zone's clock, daylight saving included."
          error={errors.time_zone?.message}
        >
          <input
            list="alerts-webhook-zones"
            autoComplete="off"
            spellCheck={false}
            disabled={!canEdit}
            className={inputClass}
            {...register("time_zone")}
          />
        </Field>
        <datalist id="alerts-webhook-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Saving\u2026" : submitLabel}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
