"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { applyChange, type ApplyProgress } from "@/lib/calendar/apply-change";
import { planChange, type GroupOutcome, type WriteGroup } from "@/lib/calendar/bulk-change";
import type { ChangeFormValues } from "@/lib/calendar/change-form";
import { changeFormSchema, outsideLimits, toChange } from "@/lib/calendar/change-form";
import { basePriceOf, rowNights, type RowNights } from "@/lib/calendar/rows";
import type { NightColumns } from "@/lib/format/night-columns";
import type { ListingResult } from "@/lib/listing/custom-rates/bulk";
import { bulkPutCustomRates, putCustomRates } from "@/lib/listing/custom-rates/queries";
import { canWriteListing } from "@/lib/access/listing-access";
import { runPaced } from "@/lib/queries/paced";
import { rateLimitStore } from "@/lib/queries/svc";
import type { CustomRateInput } from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { BulkRateResults } from "@/components/listing/custom-rates/bulk-results";
import { ChangeForm } from "@/components/calendar/change-form";
import { ChangePreview } from "@/components/calendar/change-preview";
import { rowCalendarQuery } from "@/components/calendar/use-row-loading";

export interface ChangeTarget {
  listing: Listing;
  /** The listing's nights, null when its row was not read yet (read before planning). */
  row: RowNights | null;
}

type Phase =
  | { step: "reading"; done: number; total: number }
  | { step: "form" }
  | { step: "applying"; progress: ApplyProgress }
  | { step: "done"; results: ListingResult[] };

const EMPTY_VALUES = (kind: "rate" | "min_stay"): ChangeFormValues => ({
  mode: kind === "rate" ? "fixed" : "min_stay",
  value: Number.NaN,
  reason: "",
});

/**
 * A custom rate or a minimum stay over the selected nights. Opening it reads the nights of
 * selected listings not yet on screen (paced), so booked nights can be skipped; the preview
 * shows each listing's change before anything is sent; Apply writes listing groups paced and
 * retried, with progress and Cancel; the result has one line per listing. What was typed
 * survives a refusal and "Change and apply again".
 */
export type ChangeDialogProps = {
  kind: "rate" | "min_stay";
  targets: readonly ChangeTarget[];
  nights: NightColumns;
  left: number;
  right: number;
  dates: string;
  currentListings: readonly Listing[];
  disabledReason: string | null;
};

/**
 * Fetched with the first move towards its button (selection-bar.tsx, lazyDialog): the form,
 * its preview and the paced writes are code a visit needs only once nights are selected.
 */
export default function ChangeDialog({
  kind,
  targets,
  nights,
  left,
  right,
  dates,
  currentListings,
  trigger,
}: ChangeDialogProps & LazyDialogProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: "form" });
  const [values, setValues] = useState<ChangeFormValues>(EMPTY_VALUES(kind));
  const [rows, setRows] = useState<ReadonlyMap<string, RowNights>>(new Map());
  const [snapshot, setSnapshot] = useState<readonly ChangeTarget[]>([]);
  const controller = useRef<AbortController | null>(null);

  async function openWith() {
    setSnapshot(targets);
    const known = new Map<string, RowNights>();
    for (const t of targets) if (t.row) known.set(t.listing.svc_id, t.row);
    setRows(new Map(known));
    const missing = targets.filter((t) => !t.row && canWriteListing(t.listing.access_level));
    setOpen(true);
    if (missing.length === 0) {
      setPhase({ step: "form" });
      return;
    }
    const own = new AbortController();
    controller.current = own;
    setPhase({ step: "reading", done: 0, total: missing.length });
    const { columns, colOf } = nights;
    const range = { start_date: columns[0]!.date, end_date: columns[columns.length - 1]!.date };
    await runPaced(
      missing,
      async (t) => {
        const data = await queryClient.fetchQuery(rowCalendarQuery(t.listing.svc_id, range));
        known.set(t.listing.svc_id, rowNights(data, colOf, columns.length, basePriceOf(t.listing)));
      },
      {
        budget: rateLimitStore.get,
        signal: own.signal,
        onProgress: (p) => setPhase({ step: "reading", done: p.done + p.failed, total: p.total }),
      },
    );
    if (own.signal.aborted) return;
    setRows(new Map(known));
    setPhase({ step: "form" });
  }

  const plan = planChange(
    snapshot.map((t) => ({ listing: t.listing, row: rows.get(t.listing.svc_id) ?? null })),
    left,
    right,
    nights.columns,
  );

  const typedChange = changeFormSchema.safeParse(values);
  const limitsWarned =
    typedChange.success &&
    outsideLimits(
      toChange(typedChange.data),
      plan.sends.map((s) => s.listing),
    ).size > 0;

  async function apply(typed: ChangeFormValues) {
    setValues(typed);
    const own = new AbortController();
    controller.current = own;
    const present = new Set(currentListings.map((l) => l.svc_id));
    const gone = plan.sends.filter((s) => !present.has(s.listing.svc_id)).map((s) => s.listing);
    setPhase({
      step: "applying",
      progress: { done: 0, total: plan.sends.length - gone.length, pausedUntil: null },
    });
    const write = async (group: WriteGroup, custom_rates: CustomRateInput[]): Promise<GroupOutcome> => {
      const [first, ...rest] = group.listings;
      if (rest.length === 0) {
        return {
          kind: "single",
          periods: await putCustomRates(queryClient, first!.svc_id, { custom_rates }),
        };
      }
      const result = await bulkPutCustomRates(
        queryClient,
        first!.svc_id,
        rest.map((l) => l.svc_id),
        { custom_rates },
      );
      return { kind: "bulk", result };
    };
    const results = await applyChange({
      plan,
      change: toChange(typed),
      reason: typed.reason.trim() || undefined,
      gone,
      write,
      budget: rateLimitStore.get,
      signal: own.signal,
      onProgress: (progress) => setPhase({ step: "applying", progress }),
    });
    // The result is said in the dialog, beside its buttons (its counts are a live region).
    setPhase({ step: "done", results });
  }

  function onOpenChange(next: boolean) {
    if (phase.step === "applying") return;
    if (!next) {
      controller.current?.abort();
      if (phase.step === "done") setValues(EMPTY_VALUES(kind));
      setPhase({ step: "form" });
      setOpen(false);
      return;
    }
    void openWith();
  }

  const title = kind === "rate" ? "Set a custom rate" : "Set a minimum stay";
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      keepOpenOnOutsideClick
      size="lg"
      title={phase.step === "done" ? `${title}: the result` : title}
      description={`${dates}, ${snapshot.length} selected ${snapshot.length === 1 ? "listing" : "listings"}. Booked nights are skipped.`}
      trigger={trigger}
    >
      <div className="max-h-[70vh] space-y-3 overflow-y-auto pr-1">
        {phase.step === "reading" ? (
          <div className="space-y-2 text-sm text-slate-700" role="status">
            <p>
              Reading the nights of {phase.total} selected {phase.total === 1 ? "listing" : "listings"} not on
              screen yet, to skip their booked nights: {phase.done} of {phase.total}.
            </p>
            <progress className="w-full" max={phase.total} value={phase.done} aria-label="Nights read" />
          </div>
        ) : phase.step === "form" ? (
          <>
            <ChangePreview plan={plan} values={values} />
            <ChangeForm
              kind={kind}
              defaultValues={values}
              onChange={setValues}
              canApply={plan.sends.length > 0}
              submitLabel={`Apply${limitsWarned ? " anyway" : ""} to ${plan.sends.length} ${plan.sends.length === 1 ? "listing" : "listings"}`}
              onApply={apply}
              onCancel={() => onOpenChange(false)}
            />
          </>
        ) : phase.step === "applying" ? (
          <div className="space-y-2 text-sm text-slate-700" role="status" aria-live="polite">
            <p>
              Applying: {phase.progress.done} of {phase.progress.total} listings answered
              {phase.progress.pausedUntil !== null ? "; paused to keep requests for your other work" : ""}.
            </p>
            <progress
              className="w-full"
              max={Math.max(1, phase.progress.total)}
              value={phase.progress.done}
              aria-label="Listings answered"
            />
            <Button variant="secondary" onClick={() => controller.current?.abort()}>
              Cancel the rest
            </Button>
          </div>
        ) : (
          <BulkRateResults
            results={phase.results}
            onAgain={() => setPhase({ step: "form" })}
            onDone={() => onOpenChange(false)}
          />
        )}
      </div>
    </Dialog>
  );
}
