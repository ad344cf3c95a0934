"use client";

import { todayUtc } from "@/lib/format/dates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { bulkAddress, bulkPermission, bulkResults, planBulk } from "@/lib/listing/custom-rates/bulk";
import {
  emptyCustomRateForm,
  periodDates,
  putBodyFor,
  type CustomRateFormValues,
} from "@/lib/listing/custom-rates/form";
import { bulkPutCustomRates, putCustomRates } from "@/lib/listing/custom-rates/queries";
import type { BulkCustomRatesResult, CustomRateInput } from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Tooltip } from "../../ui/tooltip";
import { CustomRateFields } from "./custom-rate-fields";
import { ListingResultRow } from "./listing-result-row";
import { bulkRateGuard } from "./rate-guardrails";

/** Names listed in the form before "and N more". */
const NAMES_SHOWN = 5;

/**
 * Applies one custom rate to the listings selected in the portfolio (one bulk PUT; a single
 * listing goes as a plain PUT). A rate outside a listing's price limits is said per listing
 * beside the value, and Apply waits for a confirmation. The result lists every selected listing: applied, refused with
 * the service's reason, or not sent. A failed call keeps the form as typed; after a result,
 * "Change and apply again" returns to the same values.
 */
export function BulkCustomRatesDialog({ listings, readOnly }: { listings: Listing[]; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [today] = useState(todayUtc);
  const [values, setValues] = useState<CustomRateFormValues>(emptyCustomRateForm);
  const [formKey, setFormKey] = useState(0);
  const plan = planBulk(listings);
  const permission = bulkPermission(plan, listings.length, readOnly);
  const targetsCount = `${plan.targets.length} ${plan.targets.length === 1 ? "listing" : "listings"}`;

  const apply = useMutation({
    mutationFn: async (period: CustomRateInput): Promise<BulkCustomRatesResult> => {
      const body = putBodyFor(period);
      const { pathId, listingIds } = bulkAddress(plan.targets);
      if (listingIds.length === 0) {
        const custom_rates = await putCustomRates(queryClient, pathId, body);
        return { results: [{ listing_id: pathId, custom_rates }], errors: [] };
      }
      return bulkPutCustomRates(queryClient, pathId, listingIds, body);
    },
    onSuccess: (result, period) => {
      const applied = result.results.length;
      if (applied > 0) {
        toast.success(
          `Custom rate for ${periodDates(period)} applied to ${applied} ${applied === 1 ? "listing" : "listings"}.`,
        );
      }
    },
  });
  const rows = apply.data ? bulkResults(plan, apply.data) : null;

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

  const label = `Custom rate for ${listings.length} ${listings.length === 1 ? "listing" : "listings"}…`;
  if (!permission.allowed) {
    return (
      <Tooltip content={permission.reason}>
        <span
          tabIndex={0}
          className="inline-block rounded focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Button variant="secondary" disabled>
            {label}
          </Button>
        </span>
      </Tooltip>
    );
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
          : `The same period goes to ${plan.targets.length} ${plan.targets.length === 1 ? "listing" : "listings"}; nights already in another period take the new rate.`
      }
      trigger={<Button variant="secondary">{label}</Button>}
    >
      <div className="max-h-[70vh] space-y-3 overflow-y-auto pr-1">
        {rows ? (
          <>
            <ul aria-label="Result per listing" className="divide-y divide-slate-100 text-sm">
              {rows.map((row) => (
                <ListingResultRow key={row.listing.svc_id} row={row} />
              ))}
            </ul>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => apply.reset()}>
                Change and apply again
              </Button>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              To:{" "}
              {plan.targets
                .slice(0, NAMES_SHOWN)
                .map((l) => l.name)
                .join(", ")}
              {plan.targets.length > NAMES_SHOWN ? ` and ${plan.targets.length - NAMES_SHOWN} more` : ""}.
            </p>
            {plan.viewOnly.length > 0 ? (
              <p role="note" className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
                {plan.viewOnly.length} of the selected{" "}
                {plan.viewOnly.length === 1 ? "listing is" : "listings are"} view-only for you and will not be
                sent: {plan.viewOnly.map((l) => l.name).join(", ")}.
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
