"use client";

import type { BatchPreferencesDialogProps } from "@/components/listing/preferences/batch-preferences-dialog";
import { bulkRateLabel } from "@/components/listing/custom-rates/bulk-rate-label";
import {
  BatchPreferencesButton,
  batchBlockedReason,
} from "@/components/listing/preferences/batch-preferences-button";
import { bulkPermission, planBulk } from "@/lib/listing/custom-rates/bulk";
import type { Listing } from "@/lib/svc/schemas/listings";
import { GuardedButton } from "../ui/guarded-button";
import { Button } from "../ui/button";
import { intentLoader, LoadOnIntent } from "../ui/load-on-intent";

/*
 * The selection's two bulk actions: their dialogs (the custom rate form and the preference
 * editors, with their checks, guardrails and paced sends) are not part of the portfolio's
 * first load. The toolbar draws both buttons with the first tick, at once; the first move
 * towards one fetches its dialog, and the click opens it (LoadOnIntent: a tick never waits for
 * this code).
 */
const bulkRatesDialog = intentLoader<{ listings: Listing[] }>(
  () => import("@/components/listing/custom-rates/bulk-custom-rates-dialog"),
);
const batchPreferencesDialog = intentLoader<BatchPreferencesDialogProps>(
  () => import("@/components/listing/preferences/batch-preferences-dialog"),
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
  return (
    <LoadOnIntent
      loader={bulkRatesDialog}
      closed={(trigger) => (
        <Button variant="secondary" {...trigger}>
          {label}
        </Button>
      )}
      props={{ listings }}
    />
  );
}

/** Preferences for every selected listing; disabled with the reason for a read-only key. */
export function BatchPreferences(props: BatchPreferencesDialogProps) {
  const blocked = batchBlockedReason(props.listings, props.readOnly);
  return (
    <LoadOnIntent
      loader={batchPreferencesDialog}
      closed={(trigger) => <BatchPreferencesButton blocked={blocked} {...trigger} />}
      props={props}
    />
  );
}
