"use client";

import { todayUtc } from "@/lib/format/dates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  bulkResults,
  MAX_BULK_TARGETS,
  namesAndMore,
  planBulk,
  type ListingResult,
} from "@/lib/listing/custom-rates/bulk";
import { sendBulkCustomRates } from "@/lib/listing/custom-rates/bulk-send";
import { emptyCustomRateForm, putBodyFor, type CustomRateFormValues } from "@/lib/listing/custom-rates/form";
import { putCustomRatesToMany } from "@/lib/listing/custom-rates/queries";
import { periodDates } from "@/lib/listing/custom-rates/words";
import { applyTime, postingOf } from "@/lib/listing/apply-time";
import type { CustomRateInput } from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { SendProgress } from "@/components/listing/bulk/send-progress";
import { useChunkedSending } from "@/components/listing/bulk/use-chunked-sending";
import { BulkRateResults } from "@/components/listing/custom-rates/bulk-results";
import { CustomRateFields } from "@/components/listing/custom-rates/custom-rate-fields";
import { bulkRateGuard } from "@/components/listing/custom-rates/rate-guardrails";
import { formatCount } from "@/lib/format/numbers";

/** Names listed in the form before "and N more". */
const NAMES_SHOWN = 5;

/**
 * Applies one custom rate to the listings selected in the portfolio (one bulk PUT; a single
 * listing goes as a plain PUT). A rate outside a listing's price limits is said per listing
 * beside the value, and Apply waits for a confirmation. The result lists every selected listing: applied, refused with
 * the service's reason, or not sent. A failed call keeps the form as typed; after a result,
 * "Change and apply again" returns to the same values. More listings than one call takes
 * (MAX_BULK_TARGETS) go in chunks, paced, with progress and Cancel; a failed chunk is its
 * listings' result, not the form's error. Fetched on the first move towards its button
 * (listings/bulk-actions.tsx), which also says why when it may not be used; that click opens it.
 */
/** What holds now and what waits on the listings the rate reached; none when it reached none. */
function bulkApplies(rows: readonly ListingResult[], period: CustomRateInput | undefined) {
  const reached = rows.filter((r) => r.outcome === "applied");
  if (!period || reached.length === 0) return null;
  return applyTime(
    { kind: "custom_rates", action: "added", dates: periodDates(period), listings: reached.length },
    { automaticPosting: postingOf(reached.map((r) => r.listing)), live: "unknown" },
  );
}

export default function BulkCustomRatesDialog({
  listings,
  trigger,
}: { listings: Listing[] } & LazyDialogProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [today] = useState(todayUtc);
  const [values, setValues] = useState<CustomRateFormValues>(emptyCustomRateForm);
  const [formKey, setFormKey] = useState(0);
  const plan = planBulk(listings);
  const targetsCount = `${formatCount(plan.targets.length)} ${plan.targets.length === 1 ? "listing" : "listings"}`;

  const sending = useChunkedSending();

  const apply = useMutation({
    mutationFn: async (period: CustomRateInput): Promise<ListingResult[]> => {
      const body = putBodyFor(period);
      // Up to one call's worth, one call as before: its failure stays the form's error.
      if (plan.targets.length <= MAX_BULK_TARGETS) {
        return bulkResults(plan, await putCustomRatesToMany(queryClient, plan.targets, body));
      }
      try {
        return await sendBulkCustomRates({
          plan,
          write: (chunk) => putCustomRatesToMany(queryClient, chunk, body),
          ...sending.start(plan.targets.length),
        });
      } finally {
        sending.end();
      }
    },
    // The result is said in the dialog, beside its buttons (its counts are a live region).
  });
  const rows = apply.data ?? null;

  function onOpenChange(next: boolean) {
    if (apply.isPending) return;
    if (next) {
      apply.reset();
    } else if (apply.data) {
      // A finished change starts the next opening from an empty form; a failed one keeps it.
      setValues(emptyCustomRateForm);
      setFormKey((k) => k + 1);
      apply.reset();
    }
    setOpen(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      keepOpenOnOutsideClick
      title={rows ? "Custom rate: the result" : "Apply a custom rate"}
      description={
        rows
          ? "Each selected listing and what happened to it."
          : `The same period goes to ${targetsCount}; nights already in another period take the new rate.`
      }
      trigger={trigger}
    >
      <div className="max-h-[70vh] space-y-3 overflow-y-auto pr-1">
        {rows ? (
          <BulkRateResults
            results={rows}
            onAgain={() => apply.reset()}
            onDone={() => onOpenChange(false)}
            applies={bulkApplies(rows, apply.variables)}
          />
        ) : sending.progress ? (
          <SendProgress
            progress={sending.progress}
            cancelling={sending.cancelling}
            onCancel={sending.cancel}
          />
        ) : (
          <>
            <p className="text-sm text-slate-700">To: {namesAndMore(plan.targets, NAMES_SHOWN)}.</p>
            {plan.viewOnly.length > 0 ? (
              <p role="note" className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
                {formatCount(plan.viewOnly.length)} of the selected{" "}
                {plan.viewOnly.length === 1 ? "listing is" : "listings are"} view-only for you and will not be
                sent: {namesAndMore(plan.viewOnly, NAMES_SHOWN)}.
              </p>
            ) : null}
            {plan.currencies.length > 1 ? (
              <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                These listings are priced in {plan.currencies.join(", ")}: a fixed price is read in each
                listing&apos;s own currency.
              </p>
            ) : null}
            <CustomRateFields
              key={formKey}
              defaultValues={values}
              currencyNote={
                plan.currencies.length === 1 ? plan.currencies[0]! : "each listing's own currency"
              }
              today={today}
              onSave={async (period, typed) => {
                setValues(typed);
                await apply.mutateAsync(period);
              }}
              submitLabel={`Apply to ${targetsCount}`}
              pendingLabel="Applying…"
              guard={bulkRateGuard(plan.targets, targetsCount)}
              extraActions={
                <Button variant="secondary" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
              }
            />
          </>
        )}
      </div>
    </Dialog>
  );
}
