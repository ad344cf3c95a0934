"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { useSay } from "@/components/ui/action-status";
import type { LazyDialogProps } from "@/components/ui/lazy";
import type { SnoozeDialogProps } from "@/components/alerts/alert-row";
import { snoozeBounds } from "@/lib/alerts/inbox";
import { actOnAlert } from "@/lib/alerts/queries";
import { formatUtcDate } from "@/lib/format/times";

/**
 * Snooze an alert until a date (midnight UTC, when it is open again): tomorrow unless told,
 * within a year. The interface has the last word; its refusal is shown under the date.
 */
export default function SnoozeDialog({ alert, listingName, trigger }: SnoozeDialogProps & LazyDialogProps) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const [bounds, setBounds] = useState(() => snoozeBounds(Date.now()));
  const [until, setUntil] = useState(bounds.initial);
  const snooze = useMutation({
    mutationFn: (date: string) => actOnAlert(queryClient, alert.id, { action: "snooze", until: date }),
    onSuccess: (_, date) => {
      setOpen(false);
      say(`The alert on ${listingName} is snoozed until ${formatUtcDate(`${date}T00:00:00Z`)}.`, "success");
    },
  });
  const local =
    until === ""
      ? "Choose a date."
      : until < bounds.min || until > bounds.max
        ? "Choose a date from tomorrow to a year from now."
        : null;

  function onOpenChange(next: boolean) {
    if (next) {
      const fresh = snoozeBounds(Date.now());
      setBounds(fresh);
      setUntil(fresh.initial);
      snooze.reset();
    }
    setOpen(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Snooze the alert"
      description={`It leaves the open alerts until the date you choose (from midnight UTC), then comes back if the condition still holds. ${listingName}.`}
      trigger={trigger}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!local) snooze.mutate(until);
        }}
      >
        <Field
          label="Snooze until"
          error={snooze.isError ? describeError(snooze.error) : local}
          hint="Tomorrow unless you choose another day, at most a year ahead."
        >
          <input
            type="date"
            value={until}
            min={bounds.min}
            max={bounds.max}
            onChange={(event) => setUntil(event.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </Field>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={snooze.isPending}
          submitLabel="Snooze"
          pendingLabel={"Snoozing\u2026"}
        />
      </form>
    </Dialog>
  );
}
