"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import { humanize, nameInWords, unsupportedReason } from "@/lib/listing/preferences/warnings";
import { portfolioQuery } from "@/lib/listings/queries";
import { copyPreferences } from "@/lib/listing/preferences/queries";
import type { Listing, SupportedSettings } from "@/lib/svc/schemas/listings";
import {
  PREFERENCE_SETTING_NAMES,
  type PreferenceSettingName,
  type PreferenceWriteResult,
} from "@/lib/svc/schemas/preferences";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { describeError } from "@/components/ui/error-panel";
import { FieldGroup } from "@/components/ui/field";

/** A nickname names one listing: it is copied only when asked for. */
const DEFAULT_COPIED = PREFERENCE_SETTING_NAMES.filter((name) => name !== "nickname");

const label = (listing: Listing) =>
  `${listing.name} (${labelOf(channelLabels, listing.channel)} #${listing.id})${listing.is_hidden ? ", hidden" : ""}`;

/**
 * Copy preferences from another listing of the portfolio: pick the source and the settings,
 * confirm, and the answer (with its warnings) goes back to the tab.
 */
export function CopyPreferencesDialog({
  listing,
  supported,
  disabledReason,
  hasPending,
  onCopied,
}: {
  listing: Listing;
  supported: SupportedSettings;
  /** Why copying is not allowed (read-only key, viewer), or null. */
  disabledReason: string | null;
  hasPending: boolean;
  onCopied: (result: PreferenceWriteResult, source: Listing) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sourceId, setSourceId] = useState("");
  const [chosen, setChosen] = useState<PreferenceSettingName[]>(DEFAULT_COPIED);
  const [confirming, setConfirming] = useState(false);
  const portfolio = useQuery({ ...portfolioQuery({}), enabled: open });
  const sources = (portfolio.data ?? [])
    .filter((l) => l.svc_id !== listing.svc_id)
    .sort((a, b) => a.name.localeCompare(b.name));
  const source = sources.find((l) => l.svc_id === sourceId) ?? null;
  const channel = labelOf(channelLabels, listing.channel);

  const copy = useMutation({
    mutationFn: (from: Listing) =>
      copyPreferences(
        queryClient,
        listing.svc_id,
        from.svc_id,
        chosen.length === PREFERENCE_SETTING_NAMES.length ? undefined : chosen,
      ),
    onSuccess: (result, from) => {
      setOpen(false);
      onCopied(result, from);
    },
  });

  function onOpenChange(next: boolean) {
    if (next) {
      setConfirming(false);
      copy.reset();
    }
    setOpen(next);
  }

  const ruledOut = chosen
    .map((setting) => unsupportedReason(setting, supported, channel))
    .filter((reason): reason is string => reason !== null);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Copy preferences to ${listing.name}`}
      description="The chosen settings of another listing replace this listing's."
      trigger={
        <Button
          variant="secondary"
          disabled={disabledReason !== null}
          aria-describedby={disabledReason ? `${id}-why` : undefined}
        >
          Copy from another listing
          {disabledReason ? (
            <span id={`${id}-why`} className="sr-only">
              {disabledReason}
            </span>
          ) : null}
        </Button>
      }
    >
      <div className="max-h-[70vh] space-y-4 overflow-y-auto">
        {confirming && source ? (
          <div className="space-y-3 text-sm">
            <p>
              Copy{" "}
              {chosen.length === PREFERENCE_SETTING_NAMES.length
                ? "every setting"
                : `${chosen.length} settings`}{" "}
              from <strong>{source.name}</strong> to <strong>{listing.name}</strong>?
            </p>
            {source.currency !== listing.currency ? (
              <p className="text-slate-700">
                Prices and fees are converted from {source.currency} to {listing.currency}.
              </p>
            ) : null}
            {ruledOut.map((reason) => (
              <p key={reason} className="text-slate-700">
                {reason} If the source has one, it will not be applied.
              </p>
            ))}
            {hasPending ? (
              <p className="text-amber-900">Your unsaved changes in the form will be discarded.</p>
            ) : null}
            <p role="alert" className="text-red-700">
              {copy.isError ? describeError(copy.error) : ""}
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={copy.isPending}>
                Back
              </Button>
              <Button onClick={() => copy.mutate(source)} disabled={copy.isPending}>
                {copy.isPending ? "Copying…" : "Copy preferences"}
              </Button>
            </div>
          </div>
        ) : (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (source && chosen.length > 0) setConfirming(true);
            }}
          >
            <div className="space-y-1.5">
              <label htmlFor={`${id}-source`} className="block text-sm font-medium">
                Copy from
              </label>
              {portfolio.isError ? (
                <p role="alert" className="text-sm text-red-700">
                  We couldn&apos;t load your listings. {describeError(portfolio.error)}
                </p>
              ) : (
                <select
                  id={`${id}-source`}
                  value={sourceId}
                  disabled={portfolio.isPending}
                  onChange={(event) => setSourceId(event.target.value)}
                  className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
                >
                  <option value="">
                    {portfolio.isPending ? "Loading your listings…" : "Choose a listing"}
                  </option>
                  {sources.map((l) => (
                    <option key={l.svc_id} value={l.svc_id}>
                      {label(l)}
                    </option>
                  ))}
                </select>
              )}
            </div>
            <FieldGroup
              legend="Settings to copy"
              error={chosen.length === 0 ? "Choose at least one setting." : undefined}
              keepErrorLine={false}
              className="space-y-1.5"
              errorClassName="text-xs text-red-700"
            >
              <div className="grid grid-cols-2 gap-x-3 gap-y-1">
                {PREFERENCE_SETTING_NAMES.map((setting) => (
                  <label key={setting} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.includes(setting)}
                      onChange={(event) =>
                        setChosen(
                          PREFERENCE_SETTING_NAMES.filter((s) =>
                            s === setting ? event.target.checked : chosen.includes(s),
                          ),
                        )
                      }
                      className="h-3.5 w-3.5 accent-brand-600"
                    />
                    {humanize(nameInWords(setting)).replace(/\.$/, "")}
                  </label>
                ))}
              </div>
            </FieldGroup>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!source || chosen.length === 0}>
                Continue
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
