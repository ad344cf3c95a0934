"use client";

import type { BatchPreferencesDialogProps } from "@/components/listing/preferences/batch-preferences-dialog";
import { bulkRateLabel } from "@/components/listing/custom-rates/bulk-rate-label";
import {
  BatchPreferencesButton,
  batchBlockedReason,
} from "@/components/listing/preferences/batch-preferences-button";
import { bulkPermission, planBulk } from "@/lib/listing/custom-rates/bulk";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";
import { GuardedButton } from "@/components/ui/guarded-button";
import { lazyDialog } from "@/components/ui/lazy";

/*
 * The selection's two bulk actions: their dialogs (the custom rate form and the preference
 * editors, with their checks, guardrails and paced sends) are not part of the portfolio's
 * first load. The toolbar draws both buttons with the first tick, at once; the first move
 * towards one fetches its dialog, and the click opens it (lazyDialog: a tick never waits for
 * this code).
 */
const BulkRatesDialog = lazyDialog<{ listings: Listing[] }>(
  () => import("@/components/listing/custom-rates/bulk-custom-rates-dialog"),
  { trigger: ({ listings }) => <Button variant="secondary">{bulkRateLabel(listings.length)}</Button> },
);

/** Preferences for every selected listing; disabled with the reason for a read-only key. */
export const BatchPreferences = lazyDialog<BatchPreferencesDialogProps>(
  () => import("@/components/listing/preferences/batch-preferences-dialog"),
  {
    trigger: ({ listings, readOnly }) => (
      <BatchPreferencesButton blocked={batchBlockedReason(listings, readOnly)} />
    ),
  },
);

/** A custom rate for every selected listing, or the reason it cannot be set. */
export function BulkCustomRates({ listings, readOnly }: { listings: Listing[]; readOnly: boolean }) {
  const label = bulkRateLabel(listings.length);
  const permission = bulkPermission(planBulk(listings), listings.length, readOnly);
  if (!permission.allowed) {
    return (
      <GuardedButton permission={permission} variant="secondary">
        {label}
      </GuardedButton>
    );
  }
  return <BulkRatesDialog listings={listings} />;
}
