"use client";

import { useQuery } from "@tanstack/react-query";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Link } from "@/components/ui/link";
import { Change } from "@/components/ui/change";
import { formatMonth } from "@/lib/format/dates";
import { formatAmount, formatCount } from "@/lib/format/numbers";
import { formatUtcTime } from "@/lib/format/times";
import { pacePulse, type PacePulse as CurrencyPace } from "@/lib/overview/pace-pulse";
import { paceQuery, type PaceParams } from "@/lib/pace/queries";
import { CellLabel, stacked } from "@/components/overview/stacked-table";

/**
 * The pace read the pulse shows: months, with the last 7 days' pickup. The same read as the
 * Pace page's default view, so opening Pace from here finds it in the cache.
 */
export const PULSE_PACE: PaceParams = { unit: "month", pickup: 7 };

const signed = (value: number) =>
  value > 0 ? `+${formatCount(value)}` : value < 0 ? `−${formatCount(-value)}` : "0";
const nights = (value: number) => `${formatCount(value)} ${value === 1 ? "night" : "nights"}`;

const th = "py-1 pr-3 text-right font-medium";
const td = cn("py-2 pr-3 text-right align-top tabular-nums", stacked.cell);

function CurrencyRow({ pace, days }: { pace: CurrencyPace; days: string }) {
  return (
    <tr
      className={cn("border-t border-slate-100", stacked.row(2))}
      data-testid={`pace-pulse-${pace.currency}`}
    >
      <th scope="row" className={cn("py-2 pr-3 text-left align-top font-semibold", stacked.rowHeader)}>
        {pace.currency}
      </th>
      <td className={td}>
        <CellLabel>Nights on the books</CellLabel>
        {nights(pace.otbNights)}
      </td>
      <td className={td}>
        <CellLabel>Change in nights</CellLabel>
        <Change value={pace.nightsChange} unit="%" />
        <span className="block text-xs text-slate-600">{`${nights(pace.stlyNights)} last year`}</span>
      </td>
      <td className={td}>
        <CellLabel>Revenue on the books</CellLabel>
        {formatAmount(pace.otbRevenue, pace.currency)}
      </td>
      <td className={td}>
        <CellLabel>Change in revenue</CellLabel>
        <Change value={pace.revenueChange} unit="%" />
        <span className="block text-xs text-slate-600">{`${formatAmount(pace.stlyRevenue, pace.currency)} last year`}</span>
      </td>
      <td className={td}>
        <CellLabel>{days}</CellLabel>
        {`${signed(pace.pickupNights)} ${Math.abs(pace.pickupNights) === 1 ? "night" : "nights"}`}
        <span className="block text-xs text-slate-600">
          {`${formatCount(pace.bookedNights)} booked, ${formatCount(pace.canceledNights)} cancelled`}
        </span>
      </td>
    </tr>
  );
}

/**
 * The next three stay months on the books against the same time last year, and what the last
 * 7 days picked up for them, per currency, from the portfolio mirror (no service request).
 * Shows nothing until the account has a mirror, and nothing while it loads: it comes last in
 * the pulse, so that arriving late moves nothing above it.
 */
export function PacePulse() {
  const pace = useQuery(paceQuery(PULSE_PACE));
  if (pace.isPending) return null;
  if (pace.isError) {
    return (
      <div className="border-t border-slate-100 pt-3" data-testid="pace-pulse" data-state="error">
        <ErrorPanel
          what="the pace of the next three months"
          error={pace.error}
          onRetry={() => void pace.refetch()}
        />
      </div>
    );
  }
  const report = pace.data;
  const currencies = report.enabled ? pacePulse(report.rows, report.now) : [];
  if (currencies.length === 0) return null;
  const months = currencies[0]!.months;
  const span = `${formatMonth(months[0]!)} – ${formatMonth(months[months.length - 1]!)}`;
  const whole = report.listings_covered >= report.listings_total;
  const days = report.pickup_days;
  const pickedUp = `Picked up, last ${days} ${days === 1 ? "day" : "days"}`;

  return (
    <div className="border-t border-slate-100 pt-3" data-testid="pace-pulse" data-state="ready">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold text-slate-800">{`Pace: ${span} against the same time last year`}</h3>
        <span className="text-xs text-slate-600">
          {`From the portfolio mirror, as of ${report.as_of ? formatUtcTime(report.as_of, { seconds: false }) : "—"}`}
          {whole
            ? ""
            : `; ${formatCount(report.listings_covered)} of ${formatCount(report.listings_total)} listings so far`}
        </span>
        <Link href="/pace" className="ml-auto text-sm text-brand-700 underline-offset-2 hover:underline">
          Open Pace
        </Link>
      </div>
      <div className={cn("mt-2", stacked.box)}>
        <table
          className={stacked.table("sm:min-w-[40rem]")}
          aria-label={`Pace of ${span} by currency, with the last ${days} days' pickup`}
        >
          <thead className={stacked.head}>
            <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                Currency
              </th>
              <th scope="col" className={th}>
                Nights on the books
              </th>
              <th scope="col" className={th}>
                Change<span className="sr-only"> in nights</span>
              </th>
              <th scope="col" className={th}>
                Revenue on the books
              </th>
              <th scope="col" className={th}>
                Change<span className="sr-only"> in revenue</span>
              </th>
              <th scope="col" className={th}>
                {pickedUp}
              </th>
            </tr>
          </thead>
          <tbody className={stacked.body}>
            {currencies.map((c) => (
              <CurrencyRow key={c.currency} pace={c} days={pickedUp} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        The three months added up, against the same months on the books 364 days ago. Pickup is the nights
        booked less the nights cancelled in the last {days} {days === 1 ? "day" : "days"}, for these months.
      </p>
    </div>
  );
}
