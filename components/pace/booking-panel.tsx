"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { parseAsNumberLiteral, parseAsString, useQueryStates } from "nuqs";
import { ErrorPanel } from "@/components/ui/error-panel";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { BookingCurveChart } from "@/components/charts/booking-curve-chart";
import { BookingWindowHistogram } from "@/components/charts/booking-window-histogram";
import { addMonths, formatMonth } from "@/lib/format/dates";
import { formatCount } from "@/lib/format/numbers";
import { formatUtc } from "@/lib/format/times";
import {
  BOOKING_WINDOWS,
  CURVE_DAYS,
  CURVE_TABLE_DAYS,
  curvePoints,
  histogramPoints,
  type HistogramRow,
} from "@/lib/pace/curves";
import { curvesQuery, type CurvesReportView } from "@/lib/pace/curves-queries";
import type { PaceScope } from "@/lib/pace/scope";

/** The month and the booking window are in the URL beside the Pace table's view: a teammate opens the same curves. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const viewParsers = {
  stay: parseAsString,
  booked: parseAsNumberLiteral(BOOKING_WINDOWS).withDefault(90),
};
const WINDOW_OPTIONS = BOOKING_WINDOWS.map((days) => ({ value: String(days), label: `${days} days` }));

/** The next 12 stay months by the service's clock, and the one asked if a link named another. */
function monthOptions(now: string, chosen: string) {
  const months = Array.from({ length: 12 }, (_, i) => addMonths(now.slice(0, 7), i + 1));
  if (!months.includes(chosen)) months.unshift(chosen);
  return months.map((m) => ({ value: m, label: formatMonth(m) }));
}

const toPoints = (rows: readonly HistogramRow[]) =>
  histogramPoints(rows).map((r) => ({
    label: r.bucket,
    thisYear: r.thisYearShare,
    lastYear: r.lastYearShare,
    thisYearCount: r.this_year,
    lastYearCount: r.last_year,
  }));

function Curve({ report, period }: { report: CurvesReportView; period: string }) {
  const heading = useId();
  const labels = { thisYear: formatMonth(period), lastYear: formatMonth(addMonths(period, -12)) };
  const nights = report.final_nights;
  // A year with no nights has no curve: drawn at 0 % it would read as a month nobody booked early.
  const known = {
    this_year: nights.this_year === 0 ? CURVE_DAYS + 1 : report.known_from.this_year,
    last_year: nights.last_year === 0 ? CURVE_DAYS + 1 : report.known_from.last_year,
  };
  return (
    <section aria-labelledby={heading} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={heading} className="text-sm font-semibold text-slate-800">
        {`Booking curve: ${labels.thisYear} against ${labels.lastYear}`}
      </h2>
      {nights.this_year === 0 && nights.last_year === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          {`No nights of ${labels.thisYear} or ${labels.lastYear} are on the books in these listings, so there is no curve to draw.`}
        </p>
      ) : (
        <>
          <p className="mt-1 mb-3 max-w-3xl text-sm text-slate-600">
            {`${formatCount(nights.this_year)} nights of ${labels.thisYear} are on the books now; ${labels.lastYear} ended with ${formatCount(nights.last_year)}. `}
            Each line is the share of its month&apos;s nights that were already booked that many days before
            the night.
            {known.this_year > 0 && known.this_year <= CURVE_DAYS
              ? ` This year's line stops ${known.this_year} days before the stay: the days after that are still to come.`
              : ""}
          </p>
          <BookingCurveChart
            data={curvePoints(report.curve, known)}
            labels={labels}
            tableDays={CURVE_TABLE_DAYS}
            caption={`Share of the nights on the books, by days before the stay: ${labels.thisYear} against ${labels.lastYear}`}
          />
        </>
      )}
    </section>
  );
}

function Windows({ report }: { report: CurvesReportView }) {
  const heading = useId();
  const days = report.booked_days;
  const labels = { thisYear: `Last ${days} days`, lastYear: "Same days last year" };
  const { this_year: now, last_year: before } = report.reservations;
  return (
    <section aria-labelledby={heading} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={heading} className="text-sm font-semibold text-slate-800">
        {`Lead time and length of stay: bookings of the last ${days} days against the same days last year`}
      </h2>
      {now === 0 && before === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          {`No reservation was made in these listings in the last ${days} days, nor in the same days last year.`}
        </p>
      ) : (
        <>
          <p className="mt-1 mb-3 max-w-3xl text-sm text-slate-600">
            {`${formatCount(now)} reservations were made in the last ${days} days, against ${formatCount(before)} in the same days last year (cancelled ones included). `}
            Bars are each year&apos;s share of its own reservations, so that the shapes compare.
          </p>
          <div className="grid gap-6 lg:grid-cols-2">
            <div>
              <h3 className="mb-1 text-sm font-medium text-slate-700">How far ahead guests booked (days)</h3>
              <BookingWindowHistogram
                data={toPoints(report.lead_time)}
                labels={labels}
                bucketHeading="Booked ahead"
                caption={`Reservations by days booked before check-in: the last ${days} days against the same days last year`}
                testId="lead-time-chart"
              />
            </div>
            <div>
              <h3 className="mb-1 text-sm font-medium text-slate-700">How long guests stay (nights)</h3>
              <BookingWindowHistogram
                data={toPoints(report.length_of_stay)}
                labels={labels}
                bucketHeading="Stay length"
                caption={`Reservations by nights: the last ${days} days against the same days last year`}
                testId="length-of-stay-chart"
              />
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The booking curve of a stay month and the booking windows of recent bookings, each against
 * last year (364 days back), for the Pace page's scope, from the portfolio mirror.
 */
export function BookingPanel({ scope }: { scope: PaceScope }) {
  const [view, setView] = useQueryStates(viewParsers);
  const asked = view.stay !== null && MONTH.test(view.stay) ? view.stay : null;
  const curves = useQuery(curvesQuery({ period: asked, booked: view.booked, scope }));
  const report = curves.data;
  const state = curves.isPending || curves.isPlaceholderData ? "loading" : curves.isError ? "error" : "ready";
  // The picker shows the month asked at once; the charts, the month their answer counted.
  const chosen = asked ?? report?.period ?? null;
  const period = report?.period ?? null;

  return (
    <div className="space-y-4" data-testid="booking-panel" data-state={state} aria-busy={state === "loading"}>
      <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white px-4 py-3">
        {report?.now && chosen ? (
          <LabelledSelect
            label="Stay month"
            value={chosen}
            options={monthOptions(report.now, chosen)}
            onChange={(stay) => void setView({ stay })}
          />
        ) : null}
        <div className="flex items-center gap-2 text-sm">
          {/* Seen beside the control; a screen reader hears it as the control's own label. */}
          <span aria-hidden="true" className="font-medium text-slate-700">
            Bookings made in the last
          </span>
          <SegmentedControl
            label="Bookings made in the last"
            value={String(view.booked)}
            options={WINDOW_OPTIONS}
            onValueChange={(days) =>
              void setView({ booked: Number(days) as (typeof BOOKING_WINDOWS)[number] })
            }
          />
        </div>
        {report?.as_of ? (
          <p className="text-xs text-slate-500">{`From the portfolio mirror, as of ${formatUtc(report.as_of, { seconds: false })}.`}</p>
        ) : null}
      </div>
      {curves.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the booking curves" className="space-y-3">
          <Skeleton className="h-4 w-96" />
          <Skeleton className="h-60 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      ) : curves.isError ? (
        <ErrorPanel error={curves.error} onRetry={() => void curves.refetch()} what="the booking curves" />
      ) : !report!.enabled || period === null ? (
        <p className="text-sm text-slate-600">
          Booking curves are counted from your portfolio mirror, which this account does not have yet.
        </p>
      ) : (
        <>
          <Curve report={report!} period={period} />
          <Windows report={report!} />
        </>
      )}
    </div>
  );
}
