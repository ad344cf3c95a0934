"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { webhookEventTypesQuery } from "@/lib/webhooks/queries";
import { createWebhookBody, type CreateWebhookBody } from "@/lib/svc/schemas/webhooks";
import { describeError } from "@/components/ui/error-panel";
import { Button } from "@/components/ui/button";
import { Field, FieldGroup } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { eventTypeWords, isKnownEventType, webhookFormError } from "@/lib/webhooks/display";

/**
 * URL and event types, checked with the contract's own body schema; the service has the last
 * word on the URL (https only, loopback http on the reference service) and its refusal is
 * shown next to the field. What was typed stays after a failed save.
 */
export function WebhookForm({
  defaultValues,
  onSave,
  onCancel,
  submitLabel,
  pendingLabel,
  usingReferenceService,
}: {
  defaultValues: CreateWebhookBody;
  onSave: (values: CreateWebhookBody) => Promise<unknown>;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  usingReferenceService: boolean;
}) {
  const id = useId();
  const eventTypes = useQuery(webhookEventTypesQuery());
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodFormResolver(createWebhookBody), defaultValues });

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      const placed = webhookFormError(error);
      if (placed?.field === "url") setError("url", { message: placed.message });
      else setError("root", { message: placed?.message ?? describeError(error) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        id={`${id}-url`}
        label="Endpoint URL"
        hint={
          <>
            It must start with https://: the service delivers to https endpoints only.
            {usingReferenceService
              ? " The reference service also accepts http:// to this machine (127.0.0.1 or localhost) for local development."
              : ""}
          </>
        }
        error={errors.url?.message}
        className="space-y-1.5"
        errorClassName="text-sm text-red-700 first-letter:uppercase"
      >
        <input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/hooks/pricing"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          {...register("url")}
        />
      </Field>

      <FieldGroup
        id={`${id}-types`}
        legend="Event types"
        error={errors.event_types?.message}
        errorClassName="text-sm text-red-700 first-letter:uppercase"
      >
        {eventTypes.isPending ? (
          <p className="text-sm text-slate-600">Loading the event types…</p>
        ) : eventTypes.isError ? (
          <div role="alert" className="text-sm text-red-700">
            <p>We couldn&apos;t load the event types. {describeError(eventTypes.error)}</p>
            <Button variant="secondary" className="mt-2" onClick={() => eventTypes.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Controller
            control={control}
            name="event_types"
            render={({ field }) => (
              <ul className="space-y-2">
                {eventTypes.data.map(({ type, description }) => {
                  // A type we do not know is listed, but cannot be asked for: we cannot say what it does.
                  const known = isKnownEventType(type);
                  const checked = known && field.value.includes(type);
                  const words = eventTypeWords(type, description);
                  return (
                    <li key={type} className="flex items-start gap-2">
                      <input
                        id={`${id}-${type}`}
                        type="checkbox"
                        checked={checked}
                        disabled={!known}
                        onBlur={field.onBlur}
                        onChange={(e) =>
                          field.onChange(
                            // Kept in the service's order, whatever the order of the clicks.
                            eventTypes.data
                              .map((t) => t.type)
                              .filter(isKnownEventType)
                              .filter((t) => (t === type ? e.target.checked : field.value.includes(t))),
                          )
                        }
                        aria-describedby={`${id}-${type}-meaning`}
                        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600"
                      />
                      <div>
                        <label htmlFor={`${id}-${type}`} className="text-sm font-medium">
                          {words.label} <code className="text-xs font-normal text-slate-600">{type}</code>
                        </label>
                        <p id={`${id}-${type}-meaning`} className="text-xs text-slate-600">
                          {words.meaning}
                          {known
                            ? ""
                            : " This dashboard does not know this event type yet, so it cannot subscribe to it."}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          />
        )}
      </FieldGroup>

      <p role="alert" className="text-sm text-red-700">
        {errors.root?.message ?? ""}
      </p>
      <FormActions
        onCancel={onCancel}
        pending={isSubmitting}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
      />
    </form>
  );
}
