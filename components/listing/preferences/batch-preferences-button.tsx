import type { ComponentPropsWithRef } from "react";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";

/** Why the batch cannot be opened at all, or null. Any number of listings can be: see batch-send.ts. */
export function batchBlockedReason(listings: Listing[], readOnly: boolean): string | null {
  if (readOnly) return "Your session uses a read-only API key, so preferences cannot be changed.";
  if (listings.length === 0) return "Select listings in the table first.";
  return null;
}

/**
 * "Edit preferences" for the portfolio's selection, disabled with the reason when blocked: the
 * same before the dialog's code has arrived (listings/bulk-actions.tsx) and as its trigger.
 */
export function BatchPreferencesButton({
  blocked,
  ...rest
}: { blocked: string | null } & ComponentPropsWithRef<"button">) {
  return (
    <Button variant="secondary" disabled={blocked !== null} title={blocked ?? undefined} {...rest}>
      Edit preferences
      {blocked ? <span className="sr-only"> ({blocked})</span> : null}
    </Button>
  );
}
