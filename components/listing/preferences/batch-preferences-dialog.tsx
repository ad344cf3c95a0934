"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState, type FormEvent } from "react";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import {
  batchRefusalReason,
  batchRows,
  unsupportedReason,
  type BatchRow,
} from "@/lib/listing/preferences/warnings";
import {
  batchSettings,
  emptyBatchValues,
  type BatchFormValues,
  type BatchSetting,
} from "@/lib/listing/preferences/batch";
import { sendBatchPreferences } from "@/lib/listing/preferences/batch-send";
import { batchPreferences, invalidatePortfolioLists } from "@/lib/listing/preferences/queries";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { PreferenceSettingName, PreferenceSettings } from "@/lib/svc/schemas/preferences";
import { applyTime, postingOf } from "@/lib/listing/apply-time";
import { MAX_BATCH_LISTINGS } from "@/lib/svc/schemas/preferences-batch";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { describeError } from "@/components/ui/error-panel";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { SendProgress } from "@/components/listing/bulk/send-progress";
import { useChunkedSending } from "@/components/listing/bulk/use-chunked-sending";
import {
  focusConfirmation,
  GuardrailConfirm,
  useGuardrailConfirmation,
} from "@/components/listing/guardrails/guardrail-note";
import { BatchResults } from "@/components/listing/preferences/batch-results";
import {
  BatchSettingsFields,
  batchSettingTitle,
} from "@/components/listing/preferences/batch-settings-fields";
import { useBatchGuardrails } from "@/components/listing/preferences/use-batch-guardrails";
import { formatCount } from "@/lib/format/numbers";

/**
 * Batch edit from the portfolio's selection (batch PUT /preferences): choose settings, apply
 * them to every selected listing, and see per listing whether it applied, applied with
 * warnings, or was refused (a restricted editor's 403) while the rest applied. The pricing
 * guardrails run per listing before applying, beside the setting, naming the listing. More
 * listings than one batch takes go in batches of 100, one at a time, with progress and
 * Cancel; a batch refused as a whole is its listings' result, not the form's error. Fetched on
 * the first move towards its button (listings/bulk-actions.tsx); that click opens it.
 */
export interface BatchPreferencesDialogProps {
  listings: Listing[];
  readOnly: boolean;
}

/** What holds now and what waits on the listings the batch reached; none when it reached none. */
function batchApplies(rows: readonly BatchRow[], settings: PreferenceSettings | undefined) {
  const reached = rows.filter((r) => r.outcome === "applied" || r.outcome === "warnings");
  if (!settings || reached.length === 0) return null;
  return applyTime(
    {
      kind: "preferences",
      settings: Object.keys(settings) as PreferenceSettingName[],
      listings: reached.length,
    },
    {
      automaticPosting: postingOf(
        reached.map((r) => r.listing),
        settings.pricing_enabled ?? undefined,
      ),
      live: "unknown",
    },
  );
}

export default function BatchPreferencesDialog({
  listings,
  trigger,
}: BatchPreferencesDialogProps & LazyDialogProps) {
  const id = `batch${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<BatchSetting[]>([]);
  const [values, setValues] = useState<BatchFormValues>(emptyBatchValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = useChunkedSending();
  const apply = useMutation({
    mutationFn: async (settings: PreferenceSettings): Promise<BatchRow[]> => {
      // Up to one batch's worth, one call as before: its failure stays the form's error.
      if (listings.length <= MAX_BATCH_LISTINGS) {
        return batchRows(listings, await batchPreferences(queryClient, listings, settings));
      }
      try {
        return await sendBatchPreferences({
          listings,
          write: (chunk) => batchPreferences(queryClient, chunk, settings, { refreshLists: false }),
          ...sending.start(listings.length),
        });
      } finally {
        sending.end();
        await invalidatePortfolioLists(queryClient);
      }
    },
  });
  const count = `${formatCount(listings.length)} listing${listings.length === 1 ? "" : "s"}`;

  const refused = listings.filter((l) => batchRefusalReason(l) !== null);
  const notes: Partial<Record<BatchSetting, string>> = {};
  for (const setting of ["min_stay", "long_term_discounts"] as const) {
    const ruledOut = listings.filter(
      (l) => unsupportedReason(setting, l.supported_settings, labelOf(channelLabels, l.channel)) !== null,
    ).length;
    if (ruledOut > 0) {
      notes[setting] =
        `${batchSettingTitle(setting)} will not apply to ${ruledOut} of these listings: their channel does not take it from us.`;
    }
  }
  const currencies = [...new Set(listings.map((l) => l.currency))].sort();
  const currency = currencies.length === 1 ? currencies[0]! : null;

  // Guardrails per listing for the settings as typed; Apply waits for a confirmation.
  const typed = useMemo(() => {
    const checked = batchSettings(chosen, values, currency);
    return checked.ok && chosen.length > 0 ? checked.settings : null;
  }, [chosen, values, currency]);
  const guard = useBatchGuardrails(listings, typed);
  const confirmation = useGuardrailConfirmation(guard.signature);
  const confirmId = `${id}-confirm`;

  function onOpenChange(next: boolean) {
    // A large batch on its way is stopped with its own Cancel, which says what was sent.
    if (apply.isPending && sending.progress) return;
    if (next) {
      apply.reset();
      setErrors({});
    }
    setOpen(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = batchSettings(chosen, values, currency);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (!confirmation.allows()) {
      focusConfirmation(confirmId);
      return;
    }
    apply.mutate(checked.settings);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit preferences of ${count}`}
      description="The settings you tick are applied to every selected listing; the others stay as they are."
      trigger={trigger}
    >
      <div className="max-h-[70vh] space-y-4 overflow-y-auto pr-1">
        {apply.isSuccess ? (
          <>
            <BatchResults rows={apply.data} applies={batchApplies(apply.data, apply.variables)} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => apply.reset()}>
                Edit again
              </Button>
              <Button onClick={() => setOpen(false)}>Done</Button>
            </div>
          </>
        ) : sending.progress ? (
          <SendProgress
            progress={sending.progress}
            cancelling={sending.cancelling}
            onCancel={sending.cancel}
          />
        ) : (
          <form noValidate onSubmit={submit} className="space-y-3">
            {refused.length > 0 ? (
              <p
                role="note"
                className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
              >
                The service will refuse {formatCount(refused.length)} of these listings: batch edits are not
                open to restricted editors or viewers. The others still apply.
              </p>
            ) : null}
            <BatchSettingsFields
              idPrefix={id}
              chosen={chosen}
              onChosen={setChosen}
              values={values}
              onValues={setValues}
              errors={errors}
              notes={notes}
              currencies={currencies}
              guardrails={guard.bySetting}
              guardrailNotes={guard.notes}
            />
            <GuardrailConfirm
              id={confirmId}
              count={guard.all.length}
              values={Object.keys(guard.bySetting).length}
              confirmation={confirmation}
              verb="Apply"
            />
            <p role="alert" className="text-sm text-red-700 empty:hidden">
              {apply.isError ? `Nothing was changed. ${describeError(apply.error)}` : ""}
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={chosen.length === 0 || apply.isPending}>
                {apply.isPending
                  ? "Applying…"
                  : confirmation.confirmed
                    ? `Apply anyway to ${count}`
                    : `Apply to ${count}`}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
