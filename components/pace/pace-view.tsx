"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsNumberLiteral, parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Link } from "@/components/ui/link";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { PaceNightsChart } from "@/components/charts/pace-nights-chart";
import { PaceTable, periodLabel } from "@/components/pace/pace-table";
import { formatCount } from "@/lib/format/numbers";
import { formatUtc } from "@/lib/format/times";
import { paceCsv } from "@/lib/pace/csv";
import { paceQuery, type PaceReportView } from "@/lib/pace/queries";
import { PACE_UNITS, PICKUP_WINDOWS, type PaceUnit } from "@/lib/pace/table";

/** The whole view is in the URL, so a teammate opens the same table. */
const viewParsers = {
  unit: parseAsStringLiteral(PACE_UNITS).withDefault("month"),
  pickup: parseAsNumberLiteral(PICKUP_WINDOWS).withDefault(7),
  currency: parseAsString,
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

/** The currencies of the table, most listings first: amounts in two currencies are never added. */
function currenciesOf(report: PaceReportView): string[] {
  const listings = new Map<string, number>();
  for (const row of report.rows)
    listings.set(row.currency, Math.max(listings.get(row.currency) ?? 0, row.listings));
  return [...listings.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}

function Coverage({ report }: { report: PaceReportView }) {
  const whole = report.listings_covered >= report.listings_total;
  return (
    <p className="text-sm text-slate-600" data-testid="pace-coverage">
      {`From the portfolio mirror, as of ${report.as_of ? formatUtc(report.as_of, { seconds: false }) : "—"}: `}
      {whole
        ? `every visible listing (${formatCount(report.listings_total)}).`
        : `${formatCount(report.listings_covered)} of ${formatCount(report.listings_total)} listings so far; the others are counted nowhere until the sync reads them.`}{" "}
      Revenue is the nightly rate booked, fees and taxes excluded; the same time last year is 364 days back,
      so weekdays line up.
    </p>
  );
}

/**
 * Pace: where the stay periods ahead stand against the same time last year, and what the
 * last days picked up, from the portfolio mirror (no request per listing). Until the
 * account has a mirror, the way to start one.
 */
export function PaceView() {
  const [view, setView] = useQueryStates(viewParsers);
  const pace = useQuery(paceQuery({ unit: view.unit, pickup: view.pickup }));
  const report = pace.data;
  const state = pace.isPending ? "loading" : pace.isError ? "error" : "ready";
  const currencies = report ? currenciesOf(report) : [];
  const currency = view.currency && currencies.includes(view.currency) ? view.currency : currencies[0];

  return (
    <div className="space-y-4" data-testid="pace" data-state={state}>
      <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <SegmentedControl
          label="Stay periods"
          value={view.unit}
          options={UNIT_OPTIONS}
          onValueChange={(unit) => void setView({ unit })}
        />
        <SegmentedControl
          label="Pickup over"
          value={String(view.pickup)}
          options={PICKUP_OPTIONS}
          onValueChange={(days) => void setView({ pickup: Number(days) as (typeof PICKUP_WINDOWS)[number] })}
        />
        {currencies.length > 1 ? (
          <SegmentedControl
            label="Currency"
            value={currency!}
            options={currencies.map((c) => ({ value: c, label: c }))}
            onValueChange={(c) => void setView({ currency: c })}
          />
        ) : null}
      </div>
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
      ) : currency === undefined ? (
        <div className="space-y-3">
          <Coverage report={report!} />
          <p className="text-sm text-slate-600">
            No listing is covered yet: the sync is reading your reservations.
          </p>
        </div>
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <Coverage report={report!} />
            <DownloadCsvButton
              filename={`pace-${view.unit}-pickup-${view.pickup}-${report!.now?.slice(0, 10) ?? "now"}.csv`}
              build={() => paceCsv(report!.rows)}
            />
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-sm font-semibold text-slate-800">{`Nights in ${currency} listings`}</h2>
            <PaceNightsChart
              data={report!.rows
                .filter((r) => r.currency === currency)
                .map((r) => ({
                  label: periodLabel(view.unit, r.period),
                  otb: r.otb_nights,
                  stly: r.stly_nights,
                  final: r.ly_final_nights,
                }))}
            />
          </div>
          <PaceTable
            rows={report!.rows.filter((r) => r.currency === currency)}
            unit={view.unit}
            currency={currency}
            pickupDays={report!.pickup_days}
          />
        </div>
      )}
    </div>
  );
}
