"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { keyErrorMessage } from "@/lib/api-keys/display";
import type { Permission } from "@/lib/access/permission";
import { createApiKey } from "@/lib/api-keys/queries";
import { isSvcError } from "@/lib/svc/errors";
import { createApiKeyBody, type CreateApiKeyBody } from "@/lib/svc/schemas/api-keys";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { describeError } from "@/components/ui/error-panel";
import { NewKeyReveal } from "@/components/api-keys/new-key-reveal";

const emptyForm: CreateApiKeyBody = { name: "", read_only: false };

/** The service's field errors name `name`; anything else goes to the form root. */
function fieldError(error: unknown): string | null {
  if (!isSvcError(error)) return null;
  const fields = (error.details?.fields ?? []) as Array<{ field?: string; message?: string }>;
  return fields.find((f) => f.field === "name")?.message ?? null;
}

/** Create a key: name and read-only, then the key itself, once. */
export function CreateKeyDialog({
  permission,
  describedBy,
}: {
  permission: Permission;
  describedBy?: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(createApiKeyBody), defaultValues: emptyForm });
  const create = useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(queryClient, body),
    // The answer holds the key: keep it in memory no longer than the dialog shows it.
    gcTime: 0,
    onSuccess: () => reset(emptyForm),
    // What was typed stays; the reason is said next to it.
    onError: (error) => {
      const forName = fieldError(error);
      if (forName) setError("name", { message: forName });
      else setError("root", { message: keyErrorMessage(error) ?? describeError(error) });
    },
  });
  const created = create.data;

  function onOpenChange(next: boolean) {
    // Closing forgets the key; the list behind already shows its record.
    if (!next) create.reset();
    // A failed attempt's name is kept for the retry; its old reason is not.
    else clearErrors("root");
    setOpen(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      keepOpenOnOutsideClick={Boolean(created)}
      title={created ? "Copy your new API key" : "Create an API key"}
      description={
        created
          ? "This is the only time the key is shown."
          : "The key can call the pricing service as you. Give it a name that says where it is used."
      }
      trigger={
        <Button disabled={!permission.allowed} aria-describedby={describedBy}>
          Create key
        </Button>
      }
    >
      {created ? (
        <NewKeyReveal
          name={created.name}
          kind={created.kind}
          secret={created.key}
          onDone={() => onOpenChange(false)}
        />
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => create.mutate(values))} className="space-y-4">
          <Field
            id={`${id}-name`}
            label="Name"
            error={errors.name?.message}
            invalid={Boolean(errors.name)}
            className="space-y-1.5"
            errorClassName="text-sm text-red-700 first-letter:uppercase"
          >
            <input
              autoComplete="off"
              placeholder="e.g. Pricing spreadsheet"
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              {...register("name")}
            />
          </Field>
          <div className="flex items-start gap-2">
            <input
              id={`${id}-read-only`}
              type="checkbox"
              aria-describedby={`${id}-read-only-help`}
              className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
              {...register("read_only")}
            />
            <div>
              <label htmlFor={`${id}-read-only`} className="text-sm font-medium">
                Read-only
              </label>
              <p id={`${id}-read-only-help`} className="text-xs text-slate-600">
                It can read data but cannot change anything, keys included.
              </p>
            </div>
          </div>
          <p role="alert" className="text-sm text-red-700">
            {errors.root?.message ?? ""}
          </p>
          <FormActions
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel="Create key"
            pendingLabel="Creating…"
          />
        </form>
      )}
    </Dialog>
  );
}
