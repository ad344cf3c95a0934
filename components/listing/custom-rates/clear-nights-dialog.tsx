"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { customRateFormError } from "@/lib/listing/custom-rates/form";
import type { Permission } from "@/lib/access/permission";
import { deleteCustomRatesBody, type DeleteCustomRatesBody } from "@/lib/svc/schemas/custom-rates";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Tooltip } from "@/components/ui/tooltip";

const inputClass =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600";

/**
 * Takes a range of nights out of every custom rate (DELETE with a date range): a period that
 * straddles the range is split by the service, one inside it is removed. The body is checked
 * with the contract's schema; what was typed stays after a failure.
 */
export function ClearNightsDialog({
  permission,
  onClear,
}: {
  permission: Permission;
  onClear: (range: DeleteCustomRatesBody) => Promise<unknown>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<DeleteCustomRatesBody>({
    resolver: zodFormResolver(deleteCustomRatesBody),
    defaultValues: { start_date: "", end_date: "" },
  });

  const submit = handleSubmit(async (range) => {
    try {
      await onClear(range);
      setOpen(false);
    } catch (error) {
      const placed = customRateFormError(error);
      if (placed?.field === "start_date" || placed?.field === "end_date") {
        setError(placed.field, { message: placed.message });
      } else setError("root", { message: placed?.message ?? describeError(error) });
    }
  });

  const trigger = (
    <Button variant="secondary" disabled={!permission.allowed}>
      Clear nights…
    </Button>
  );

  if (!permission.allowed) {
    return (
      <Tooltip content={permission.reason}>
        <span
          tabIndex={0}
          className="inline-block rounded focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {trigger}
        </span>
      </Tooltip>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (next) clearErrors("root");
        setOpen(next);
      }}
      title="Clear nights from the custom rates"
      description="These nights go back to the service's recommendation. A custom rate that covers them and more is split around them; the rest of it stays."
      trigger={trigger}
    >
      <form noValidate onSubmit={submit} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          {(["start_date", "end_date"] as const).map((name) => (
            <Field
              key={name}
              id={`${id}-${name}`}
              label={name === "start_date" ? "First night" : "Last night"}
              error={errors[name]?.message}
              invalid={Boolean(errors[name])}
              errorClassName="text-sm text-red-700 first-letter:uppercase"
            >
              <input type="date" className={inputClass} {...register(name)} />
            </Field>
          ))}
        </div>
        <p role="alert" className="text-sm text-red-700">
          {errors.root?.message ?? ""}
        </p>
        <FormActions
          onCancel={() => setOpen(false)}
          pending={isSubmitting}
          submitLabel="Clear these nights"
          pendingLabel="Clearing…"
        />
      </form>
    </Dialog>
  );
}
