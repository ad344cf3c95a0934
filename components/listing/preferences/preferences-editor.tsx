"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { FormProvider, useForm, useWatch, type Resolver, type UseFormSetError } from "react-hook-form";
import { PermissionNote } from "@/components/ui/permission-note";
import { formParseOptions } from "@/lib/forms/error-map";
import { zodFormResolver } from "@/lib/forms/resolver";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import {
  humanize,
  unsupportedReason,
  warningsBySetting,
  type PreferenceEditAccess,
} from "@/lib/listing/preferences/warnings";
import {
  preferencesFormSchema,
  type PreferencesFormOutput,
  type PreferencesFormValues,
} from "@/lib/listing/preferences/form";
import { baselineOf, changedSettings, toFormValues } from "@/lib/listing/preferences/form-baseline";
import { formFieldOf, serviceFieldErrors } from "@/lib/listing/preferences/service-field-errors";
import { previewPreferences, savePreferences } from "@/lib/listing/preferences/queries";
import { changedSettingNames } from "@/lib/listing/apply-time";
import { previewLimitHits } from "@/lib/listing/preferences/limit-hits";
import { isSvcError } from "@/lib/svc/errors";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { ListingPreferences, PreferenceSettings } from "@/lib/svc/schemas/preferences";
import { describeError } from "@/components/ui/error-panel";
import {
  focusConfirmation,
  GuardrailConfirm,
  useGuardrailConfirmation,
} from "@/components/listing/guardrails/guardrail-note";
import { useLiveRecommendations } from "@/components/listing/apply-time/apply-time-lines";
import { CopyPreferencesDialog } from "@/components/listing/preferences/copy-preferences-dialog";
import { EditorContext, type EditorContextValue } from "@/components/listing/preferences/editor-context";
import { EditorActions } from "@/components/listing/preferences/editor-actions";
import { FeeSections } from "@/components/listing/preferences/fee-sections";
import { PreviewPanel } from "@/components/listing/preferences/preview-panel";
import { PriceSections } from "@/components/listing/preferences/price-sections";
import { StaySections } from "@/components/listing/preferences/stay-sections";
import { usePreferenceGuardrails } from "@/components/listing/preferences/use-preference-guardrails";
import { WriteStatus, type LastWrite } from "@/components/listing/preferences/write-status";

/**
 * A refused write: a 400 naming fields puts each reason beside its input; anything else goes
 * to the form as a whole. What was typed stays either way.
 */
function placeError(error: unknown, setError: UseFormSetError<PreferencesFormValues>, what: string) {
  const fields = isSvcError(error) && error.status === 400 ? serviceFieldErrors(error.details) : [];
  for (const { field, message } of fields) {
    const target = formFieldOf(field);
    if (target) setError(target, { type: "server", message });
  }
  const reason = isSvcError(error) && error.status === 400 ? humanize(error.message) : describeError(error);
  setError("root.server", { message: `${what} ${reason}` });
}

export function PreferencesEditor({
  listing,
  preferences,
  access,
}: {
  listing: Listing;
  preferences: ListingPreferences;
  access: PreferenceEditAccess;
}) {
  const idPrefix = `prefs${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const queryClient = useQueryClient();
  const channel = labelOf(channelLabels, preferences.channel);
  const discountForm = preferences.supported_settings.long_term_discount_form;
  const currency = preferences.currency;
  const schema = useMemo(() => preferencesFormSchema(discountForm, currency), [discountForm, currency]);

  // `base` is what the form started from; a change made elsewhere replaces it only while
  // nothing is pending here, so unsaved input is never overwritten.
  const [base, setBase] = useState(preferences);
  const [seen, setSeen] = useState(preferences);
  const [lastWrite, setLastWrite] = useState<LastWrite | null>(null);

  const form = useForm<PreferencesFormValues, unknown, PreferencesFormOutput>({
    // The schema also accepts an absent value (a disabled input), so its input type is wider
    // than the form's values; the cast narrows it to what the form holds.
    resolver: zodFormResolver(schema) as Resolver<PreferencesFormValues, unknown, PreferencesFormOutput>,
    defaultValues: toFormValues(base),
    mode: "onTouched",
  });
  const { reset, setError, clearErrors, handleSubmit } = form;
  const values = useWatch({ control: form.control });
  const baseline = useMemo(() => baselineOf(schema, base), [schema, base]);
  const pending = useMemo(() => {
    const parsed = schema.safeParse(values, formParseOptions);
    return parsed.success ? changedSettings(baseline, parsed.data) : null;
  }, [schema, values, baseline]);
  const pendingCount = pending === null ? null : Object.keys(pending).length;
  // What a save holds now and what waits for the pricing run depends on whether this page hears it.
  const live = useLiveRecommendations(lastWrite !== null);

  if (preferences !== seen) {
    setSeen(preferences);
    if (pendingCount === 0) setBase(preferences);
  }
  useEffect(() => reset(toFormValues(base)), [base, reset]);

  const save = useMutation({
    mutationFn: (body: PreferenceSettings) => savePreferences(queryClient, listing.svc_id, body),
    onSuccess: (result) => {
      setLastWrite({
        verb: "Saved",
        warnings: result.warnings,
        changed: changedSettingNames(base, result.preferences),
      });
      setBase(result.preferences);
      confirmation.setConfirmed(false);
      preview.reset();
    },
    onError: (error) => placeError(error, setError, "The changes were not saved."),
  });
  const preview = useMutation({
    mutationFn: (body: PreferenceSettings) => previewPreferences(listing.svc_id, body),
    onError: (error) => placeError(error, setError, "The preview failed."),
  });
  const previewStale =
    preview.data !== undefined && JSON.stringify(preview.variables) !== JSON.stringify(pending);
  // Advice before saving: what the pending change would do that is rarely meant. A preview of
  // exactly these values gives the count of nights at a limit, so guardrail and preview agree.
  const guard = usePreferenceGuardrails(
    listing.svc_id,
    base,
    pending,
    preview.data && !previewStale ? previewLimitHits(preview.data).hits : null,
  );
  const confirmation = useGuardrailConfirmation(guard.signature);
  const confirmId = `${idPrefix}-confirm`;

  const locked = !access.canEdit || save.isPending;
  const context: EditorContextValue = {
    idPrefix,
    currency: preferences.currency,
    channel,
    discountForm,
    locked,
    unsupported: (setting) => unsupportedReason(setting, preferences.supported_settings, channel),
    warnings: warningsBySetting(lastWrite?.warnings ?? []),
    guardrails: guard.bySetting,
    guardrailNotes: guard.notes,
  };

  const run = (action: (body: PreferenceSettings) => void) =>
    handleSubmit((output) => {
      clearErrors("root");
      const body = changedSettings(baseline, output);
      if (Object.keys(body).length > 0) action(body);
    });

  return (
    <EditorContext.Provider value={context}>
      <FormProvider {...form}>
        <div className="space-y-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-lg font-semibold text-slate-900">Preferences</h2>
              <p className="text-sm text-slate-600">
                The settings that drive this listing&apos;s prices on {channel}. Money is in{" "}
                {preferences.currency}.
              </p>
            </div>
            <CopyPreferencesDialog
              listing={listing}
              supported={preferences.supported_settings}
              disabledReason={access.canEdit ? null : access.reason}
              hasPending={(pendingCount ?? 1) > 0}
              onCopied={(result, source) => {
                setLastWrite({
                  verb: "Copied",
                  warnings: result.warnings,
                  from: source.name,
                  changed: changedSettingNames(base, result.preferences),
                });
                setBase(result.preferences);
                preview.reset();
                clearErrors();
              }}
            />
          </div>
          {access.canEdit ? (
            access.note ? (
              <PermissionNote id={`${idPrefix}-access`}>{access.note}</PermissionNote>
            ) : null
          ) : (
            <PermissionNote id={`${idPrefix}-access`}>{access.reason}</PermissionNote>
          )}

          <form
            noValidate
            onSubmit={run((body) => {
              // A guardrail holds the save until confirmed; a confirmed save goes as it is.
              if (confirmation.allows()) save.mutate(body);
              else focusConfirmation(confirmId);
            })}
            aria-label="Preferences"
            className="space-y-4"
          >
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="space-y-4">
                <PriceSections />
                <StaySections />
              </div>
              <div className="space-y-4">
                <FeeSections />
              </div>
            </div>

            <EditorActions
              idPrefix={idPrefix}
              access={access}
              pendingCount={pendingCount}
              saving={save.isPending}
              previewing={preview.isPending}
              saveLabel={confirmation.confirmed ? "Save anyway" : "Save changes"}
              outcome={
                <WriteStatus lastWrite={lastWrite} automaticPosting={base.pricing_enabled} live={live} />
              }
              confirm={
                <GuardrailConfirm
                  id={confirmId}
                  count={guard.all.length}
                  values={Object.keys(guard.bySetting).length}
                  confirmation={confirmation}
                  verb="Save"
                />
              }
              onPreview={run((body) => preview.mutate(body))}
              onDiscard={() => {
                reset(toFormValues(base));
                preview.reset();
              }}
            />
          </form>

          {preview.data ? (
            <PreviewPanel
              id={`${idPrefix}-preview`}
              preview={preview.data}
              stale={previewStale}
              channel={channel}
            />
          ) : null}
        </div>
      </FormProvider>
    </EditorContext.Provider>
  );
}
