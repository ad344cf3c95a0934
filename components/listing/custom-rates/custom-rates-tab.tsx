"use client";

import { todayUtc } from "@/lib/format/dates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  emptyCustomRateForm,
  outcomeSentence,
  periodOutcomes,
  putBodyFor,
} from "@/lib/listing/custom-rates/form";
import { periodDates } from "@/lib/listing/custom-rates/words";
import { applyTime } from "@/lib/listing/apply-time";
import { customRatePermission } from "@/lib/listing/custom-rates/permission";
import {
  customRatesKey,
  customRatesQuery,
  deleteCustomRates,
  putCustomRates,
} from "@/lib/listing/custom-rates/queries";
import type { CustomRate, CustomRateInput, DeleteCustomRatesBody } from "@/lib/svc/schemas/custom-rates";
import { basePriceRecommendationQuery } from "@/lib/listing/records/queries";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { BookedNightsNote } from "@/components/listing/custom-rates/booked-nights-note";
import { ClearNightsDialog } from "@/components/listing/custom-rates/clear-nights-dialog";
import { CustomRateFields } from "@/components/listing/custom-rates/custom-rate-fields";
import { CustomRatesTable } from "@/components/listing/custom-rates/custom-rates-table";
import { DeleteCustomRateDialog } from "@/components/listing/custom-rates/delete-custom-rate-dialog";
import { listingRateGuard } from "@/components/listing/custom-rates/rate-guardrails";
import { useLiveRecommendations } from "@/components/listing/apply-time/apply-time-lines";
import { WriteOutcome, type WriteOutcomeView } from "@/components/listing/custom-rates/write-outcome";

/**
 * The listing's custom rates: the periods in force and upcoming, a form to add one, delete
 * per period, and clearing a range of nights. Every write answers the periods in force after
 * it; the page says which existing periods it split or removed, from that answer.
 */
export function CustomRatesTab({ listing, readOnly }: ListingTabProps) {
  const svcId = listing.svc_id;
  const queryClient = useQueryClient();
  const permission = customRatePermission(listing.access_level, readOnly);
  const [today] = useState(todayUtc);
  const [formKey, setFormKey] = useState(0);
  const [outcome, setOutcome] = useState<WriteOutcomeView | null>(null);
  const live = useLiveRecommendations(outcome !== null);
  const periods = useQuery(customRatesQuery(svcId));
  // The price-limit guardrail judges a percent rate on the base; a base that follows the
  // recommendation needs the recommendation, read for such a listing only.
  const followsRecommendation = permission.allowed && listing.listing_preferences.base_price === null;
  const recommendation = useQuery({ ...basePriceRecommendationQuery(svcId), enabled: followsRecommendation });
  const guard = listingRateGuard(listing, {
    value: recommendation.data?.recommended_base_price ?? null,
    state: !followsRecommendation
      ? "none"
      : recommendation.isPending
        ? "loading"
        : recommendation.isError
          ? "failed"
          : "ready",
  });

  // The list before the write, to tell what the answer split; read from the cache, no request.
  const before = () => queryClient.getQueryData<CustomRate[]>(customRatesKey(svcId)) ?? [];

  /**
   * A write's outcome, with what it did to other periods (split, replaced, removed), stays on
   * the page until dismissed, as it explains the list the service answered. It is said beside
   * the controls that wrote: under the form for an added rate, above the list for a delete or
   * a clear, never over either.
   */
  function report(
    title: string,
    sentences: string[],
    at: WriteOutcomeView["at"],
    change?: { action: "added" | "cleared"; range: { start_date: string; end_date: string } },
  ) {
    const applies = change
      ? applyTime(
          { kind: "custom_rates", action: change.action, dates: periodDates(change.range) },
          { automaticPosting: listing.listing_preferences.pricing_enabled, live },
        )
      : undefined;
    setOutcome({ title, sentences, at, applies });
  }

  const add = useMutation({
    mutationFn: async (period: CustomRateInput) => {
      const previous = before();
      const after = await putCustomRates(queryClient, svcId, putBodyFor(period));
      return { previous, after, period };
    },
    onSuccess: ({ previous, after, period }) => {
      const touched = periodOutcomes(previous, period, after);
      report(
        `Custom rate added for ${periodDates(period)}.`,
        touched.map((o) => outcomeSentence(o, "put", listing.currency)),
        "form",
        { action: "added", range: period },
      );
      setFormKey((k) => k + 1);
    },
  });

  const clear = useMutation({
    mutationFn: async (range: DeleteCustomRatesBody) => {
      const previous = before();
      const after = await deleteCustomRates(queryClient, svcId, range);
      return { previous, after, range };
    },
    onSuccess: ({ previous, after, range }) => {
      const touched = periodOutcomes(previous, range, after);
      if (touched.length === 0) {
        report(`No custom rate covered ${periodDates(range)}; nothing changed.`, [], "list");
        return;
      }
      report(
        `Custom rates cleared for ${periodDates(range)}.`,
        touched.map((o) => outcomeSentence(o, "delete", listing.currency)),
        "list",
        { action: "cleared", range },
      );
    },
  });

  const removeOne = useMutation({
    mutationFn: async (period: CustomRate) => {
      const previous = before();
      const after = await deleteCustomRates(queryClient, svcId, {
        start_date: period.start_date,
        end_date: period.end_date,
      });
      return { previous, after, period };
    },
    onSuccess: ({ previous, after, period }) => {
      // The deleted period is said in the title; the answer is the authority, so any other
      // period it touched (none, as periods do not overlap) would still be told.
      const touched = periodOutcomes(previous, period, after).filter((o) => o.period !== period);
      report(
        `Custom rate for ${periodDates(period)} deleted.`,
        touched.map((o) => outcomeSentence(o, "delete", listing.currency)),
        "list",
        { action: "cleared", range: period },
      );
    },
  });

  return (
    <div
      className="space-y-6"
      data-testid="custom-rates"
      data-state={periods.isPending ? "loading" : periods.isError ? "error" : "ready"}
    >
      <section aria-labelledby="custom-rates-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <div>
            <h2 id="custom-rates-title" className="text-base font-semibold text-slate-900">
              Custom rates
            </h2>
            <p className="text-sm text-slate-600">
              Periods that override the service&apos;s recommendation. Expired periods are not listed.
            </p>
          </div>
          <ClearNightsDialog permission={permission} onClear={(range) => clear.mutateAsync(range)} />
        </div>
        {!permission.allowed ? (
          <p
            role="note"
            className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            {permission.reason}
          </p>
        ) : null}
        {outcome?.at === "list" ? (
          <WriteOutcome outcome={outcome} onDismiss={() => setOutcome(null)} />
        ) : null}
        {periods.isPending ? (
          <div className="space-y-2" aria-hidden="true">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : periods.isError ? (
          <ErrorPanel error={periods.error} onRetry={() => periods.refetch()} what="the custom rates" />
        ) : periods.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            No custom rates: every night follows the service&apos;s recommendation.
          </p>
        ) : (
          <CustomRatesTable
            periods={periods.data}
            actions={(period) => (
              <DeleteCustomRateDialog
                period={period}
                permission={permission}
                onDelete={(p) => removeOne.mutateAsync(p)}
              />
            )}
          />
        )}
      </section>

      <section
        aria-labelledby="add-custom-rate-title"
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="add-custom-rate-title" className="text-base font-semibold text-slate-900">
          Add a custom rate
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          Nights already in another period take the new rate; the service splits that period around them.
        </p>
        <div className="max-w-3xl">
          <CustomRateFields
            key={formKey}
            defaultValues={emptyCustomRateForm}
            currencyNote={listing.currency}
            today={today}
            disabled={!permission.allowed}
            onSave={(period) => add.mutateAsync(period)}
            submitLabel="Add custom rate"
            pendingLabel="Adding…"
            guard={guard}
            periodNote={(period) => <BookedNightsNote svcId={svcId} period={period} />}
          />
        </div>
        {outcome?.at === "form" ? (
          <WriteOutcome outcome={outcome} onDismiss={() => setOutcome(null)} className="mt-3 max-w-3xl" />
        ) : null}
      </section>
    </div>
  );
}
