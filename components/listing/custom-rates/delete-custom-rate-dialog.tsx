"use client";

import { useState } from "react";
import { periodDates, rateWords } from "@/lib/listing/custom-rates/words";
import type { Permission } from "@/lib/access/permission";
import type { CustomRate } from "@/lib/svc/schemas/custom-rates";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Tooltip } from "@/components/ui/tooltip";

/** Removes one period after saying which; the nights go back to the recommendation. */
export function DeleteCustomRateDialog({
  period,
  permission,
  onDelete,
}: {
  period: CustomRate;
  permission: Permission;
  onDelete: (period: CustomRate) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const dates = periodDates(period);

  if (!permission.allowed) {
    return (
      <Tooltip content={permission.reason}>
        <span
          tabIndex={0}
          className="inline-block rounded focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            disabled
            aria-label={`Delete the custom rate for ${dates}`}
          >
            Delete
          </Button>
        </span>
      </Tooltip>
    );
  }

  async function confirm() {
    setPending(true);
    setProblem(null);
    try {
      await onDelete(period);
      setOpen(false);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setProblem(null);
        setOpen(next);
      }}
      title="Delete this custom rate?"
      description={
        <>
          The nights of <span className="font-medium text-slate-900">{dates}</span> (
          {rateWords(period, period.currency)}) go back to the service&apos;s recommendation.
        </>
      }
      trigger={
        <Button
          variant="secondary"
          className="px-2 py-1 text-xs text-red-700"
          aria-label={`Delete the custom rate for ${dates}`}
        >
          Delete
        </Button>
      }
      confirm={
        <Button variant="danger" disabled={pending} onClick={() => void confirm()}>
          {pending ? "Deleting…" : "Delete custom rate"}
        </Button>
      }
    >
      <p role="alert" className="text-sm text-red-700">
        {problem ?? ""}
      </p>
    </AlertDialog>
  );
}
