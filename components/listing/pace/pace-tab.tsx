"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseAsNumberLiteral, useQueryStates } from "nuqs";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Link } from "@/components/ui/link";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { RecordPanel } from "@/components/listing/records/record-panel";
import { MarketNote } from "@/components/pace/market-note";
import { PaceTable } from "@/components/pace/pace-table";
import { formatUtc } from "@/lib/format/times";
import { paceQuery, type PaceReportView } from "@/lib/pace/queries";
import { PICKUP_WINDOWS, type PickupWindow } from "@/lib/pace/table";

/**
 * The pickup window lives in the URL (prefixed, beside the workspace's `tab`), so a view can
 * be linked; an unreadable value falls back to the Pace page's default of 7 days.
 */
const paceParsers = { pace_pickup: parseAsNumberLiteral(PICKUP_WINDOWS).withDefault(7) };

const PICKUP_OPTIONS = PICKUP_WINDOWS.map((days) => ({
  value: String(days),
  label: days === 1 ? "1 day" : `${days} days`,
}));

/** The listing's own currency first; a reservation in another one gets its own table, never added. */
function currenciesOf(report: PaceReportView, own: string): string[] {
  const found = new Set(report.rows.map((r) => r.currency));
  return [...found].sort((a, b) => Number(b === own) - Number(a === own) || a.localeCompare(b));
}

/** Whether the mirror has read this listing yet, and as of when, in a sentence. */
function Coverage({ report }: { report: PaceReportView }) {
  if (report.listings_total === 0 || report.listings_covered === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="listing-pace-coverage">
        {report.listings_total === 0
          ? "The sync has not read this listing yet: its pace is counted once it has. "
          : "The sync has not read this listing's reservations yet: its pace is counted once it has. "}
        <Link href="/sync">See the sync&apos;s progress on the Portfolio sync page</Link>.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600" data-testid="listing-pace-coverage">
      {`From the portfolio mirror, as of ${report.as_of ? formatUtc(report.as_of, { seconds: false }) : "—"}: this listing's reservations. `}
      Revenue is the nightly rate booked, fees and taxes excluded; the same time last year is 364 days back,
      so weekdays line up.
    </p>
  );
}

/** Until the account has a mirror, the way to start one (as the Pace page says it). */
function NoMirror() {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6">
      <h3 className="font-semibold">No portfolio mirror yet</h3>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Pace is counted from your portfolio mirror: every reservation, read once in the background and kept
        fresh by webhooks, so that this listing&apos;s year ahead against last year costs no request.{" "}
        <Link href="/sync">Start the sync on the Portfolio sync page</Link>.
      </p>
    </div>
  );
}

function Tables({ report, currency }: { report: PaceReportView; currency: string }) {
  const currencies = currenciesOf(report, currency);
  return (
    <div className="space-y-3">
      {currencies.length > 1 ? (
        <p className="text-sm text-slate-600">
          {`Some reservations came in another currency than the listing's ${currency}: each currency has its own table, and amounts are never added together.`}
        </p>
      ) : null}
      <MarketNote market={report.market} currency={currency} />
      {currencies.map((c) => (
        <PaceTable
          key={c}
          market={report.market.state === "shown" ? report.market : undefined}
          rows={report.rows.filter((r) => r.currency === c)}
          unit="month"
          currency={c}
          pickupDays={report.pickup_days}
        />
      ))}
    </div>
  );
}

/**
 * The listing's pace: its next 12 stay months on the books against the same time last year
 * and last year's final, with the last days' pickup, from the portfolio mirror (no service
 * request). The Pace page's table for this one listing, counted even if it is hidden.
 */
export function PaceTab({ listing }: ListingTabProps) {
  const [{ pace_pickup: pickup }, setParams] = useQueryStates(paceParsers);
  const pace = useQuery({
    ...paceQuery({ unit: "month", pickup, listing: listing.svc_id }),
    // The table stays, greyed, while another pickup window loads, so nothing jumps.
    placeholderData: keepPreviousData,
  });
  const report = pace.data;
  const loading = pace.isPending || (pace.isFetching && pace.isPlaceholderData);
  const state = pace.isError ? "error" : loading ? "loading" : "ready";
  const hasRows = !!report && report.enabled && report.rows.length > 0;

  return (
    <RecordPanel
      testId="listing-pace"
      title="Pace"
      description="The next 12 stay months on the books against the same time last year and last year's final, with what the last days picked up."
      state={state}
      actions={
        hasRows ? (
          <SegmentedControl
            label="Pickup over"
            value={String(pickup)}
            options={PICKUP_OPTIONS}
            onValueChange={(days) => void setParams({ pace_pickup: Number(days) as PickupWindow })}
          />
        ) : null
      }
    >
      {pace.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the listing's pace" className="space-y-2">
          <Skeleton className="h-4 w-96" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : pace.isError && !report ? (
        <ErrorPanel error={pace.error} onRetry={() => void pace.refetch()} what="this listing's pace" />
      ) : !report!.enabled ? (
        <NoMirror />
      ) : (
        <div className={loading ? "space-y-3 opacity-60 transition-opacity" : "space-y-3"}>
          {pace.isError ? (
            <ErrorPanel error={pace.error} onRetry={() => void pace.refetch()} what="this listing's pace" />
          ) : null}
          <Coverage report={report!} />
          {hasRows ? (
            <Tables report={report!} currency={listing.currency} />
          ) : report!.listings_covered > 0 ? (
            <p className="text-sm text-slate-600">
              No night of this listing is on the books for the next 12 months, nor was one last year.
            </p>
          ) : null}
        </div>
      )}
    </RecordPanel>
  );
}
