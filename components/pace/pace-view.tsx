"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsNumberLiteral, parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Link } from "@/components/ui/link";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { BookingPanel } from "@/components/pace/booking-panel";
import { PaceFilters } from "@/components/pace/pace-filters";
import { PaceResults, type PaceDetail } from "@/components/pace/pace-results";
import { portfolioFilterParsers } from "@/lib/listings/filters";
import { paceQuery, type PaceParams } from "@/lib/pace/queries";
import type { PaceScope } from "@/lib/pace/scope";
import { PACE_UNITS, PICKUP_WINDOWS, type PaceUnit } from "@/lib/pace/table";

/**
 * The whole view is in the URL, so a teammate opens the same table: the periods, the pickup
 * window, the currency, pace or pickup, the scope (the Listings page's filters under the same
 * names, then market, bedrooms, channel, segment and comp set) and the cell whose detail is open.
 */
const viewParsers = {
  unit: parseAsStringLiteral(PACE_UNITS).withDefault("month"),
  pickup: parseAsNumberLiteral(PICKUP_WINDOWS).withDefault(7),
  currency: parseAsString,
  show: parseAsStringLiteral(["pace", "pickup"] as const).withDefault("pace"),
  detail: parseAsString,
  ...portfolioFilterParsers,
  market: parseAsString,
  bedrooms: parseAsString,
  channel: parseAsString,
  segment: parseAsString,
  set: parseAsString,
};

const UNIT_OPTIONS = [
  { value: "month", label: "Months" },
  { value: "week", label: "Weeks" },
  { value: "night", label: "Nights" },
] as const satisfies ReadonlyArray<{ value: PaceUnit; label: string }>;
const PICKUP_OPTIONS = PICKUP_WINDOWS.map((days) => ({
  value: String(days),
  label: days === 1 ? "1 day" : `${days} days`,
}));
const SHOW_OPTIONS = [
  { value: "pace", label: "Against last year" },
  { value: "pickup", label: "Pickup" },
] as const;

/**
 * Pace: where the stay periods ahead stand against the same time last year, what the last
 * days picked up, and which listings and reservations explain it, from the portfolio mirror
 * (no request per listing). Until the account has a mirror, the way to start one.
 */
export function PaceView() {
  const [view, setView] = useQueryStates(viewParsers);
  const scope: PaceScope = {
    managed: view.managed,
    activeOnly: view.activeOnly,
    hidden: view.hidden,
    owner: view.owner,
    market: view.market,
    bedrooms: view.bedrooms,
    channel: view.channel,
    segment: view.segment,
    set: view.set,
  };
  const params: PaceParams = { unit: view.unit, pickup: view.pickup, scope };
  const pace = useQuery({ ...paceQuery(params), placeholderData: (previous) => previous });
  const report = pace.data;
  const state = pace.isPending
    ? "loading"
    : pace.isError
      ? "error"
      : pace.isPlaceholderData
        ? "refreshing"
        : "ready";
  // A new view closes any open detail: it named a cell of the table before.
  const change = (next: Partial<typeof view>) => void setView({ ...next, detail: null });

  return (
    <div className="space-y-4" data-testid="pace" data-state={state}>
      <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <SegmentedControl
          label="Show"
          value={view.show}
          options={SHOW_OPTIONS}
          onValueChange={(show) => change({ show })}
        />
        <SegmentedControl
          label="Stay periods"
          value={view.unit}
          options={UNIT_OPTIONS}
          onValueChange={(unit) => change({ unit })}
        />
        <SegmentedControl
          label="Pickup over"
          value={String(view.pickup)}
          options={PICKUP_OPTIONS}
          onValueChange={(days) => change({ pickup: Number(days) as (typeof PICKUP_WINDOWS)[number] })}
        />
      </div>
      <PaceFilters scope={scope} choices={report?.choices} onChange={(next) => change(next)} />
      {pace.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the pace table" className="space-y-2">
          <Skeleton className="h-4 w-96" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : pace.isError ? (
        <ErrorPanel error={pace.error} onRetry={() => void pace.refetch()} what="the pace table" />
      ) : !report!.enabled ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6">
          <h2 className="font-semibold">No portfolio mirror yet</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Pace is counted from your portfolio mirror: every reservation, read once in the background and
            kept fresh by webhooks, so that a year ahead against last year costs no request per listing.{" "}
            <Link href="/sync">Start the sync on the Portfolio sync page</Link>.
          </p>
        </div>
      ) : (
        <>
          <PaceResults
            report={report!}
            params={params}
            show={view.show}
            currency={view.currency}
            onCurrency={(currency) => void setView({ currency })}
            detail={view.detail as PaceDetail | null}
            onDetail={(detail) => void setView({ detail })}
            settled={!pace.isPlaceholderData}
          />
          <BookingPanel scope={scope} />
        </>
      )}
    </div>
  );
}
