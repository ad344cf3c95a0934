import type { ReactNode } from "react";
import { Change } from "@/components/ui/change";
import { cn } from "@/components/ui/cn";
import { formatDay, formatMonth } from "@/lib/format/dates";
import { formatAmount, formatCount, formatCounted, formatPercent } from "@/lib/format/numbers";
import { cellKey } from "@/lib/pace/changes";
import type { PaceRowView } from "@/lib/pace/queries";
import type { MarketOverlayState } from "@/lib/pace/market-overlay";
import type { PaceUnit } from "@/lib/pace/table";

export type ShownMarket = Extract<MarketOverlayState, { state: "shown" }>;

/** `Dec 2026`, `W49 2026`, `5 Dec`: a period as a revenue manager names it. */
export function periodLabel(unit: PaceUnit, period: string): string {
  if (unit === "month") return formatMonth(period);
  if (unit === "week") return `${period.slice(5)} ${period.slice(0, 4)}`;
  return formatDay(period);
}

const occupancy = (value: number | null) => (value === null ? "—" : formatPercent(value, { spaced: true }));
/**
 * A figure's cell, lit for a moment when a live update changed any of the figures it shows
 * (`changed` holds `cellKey`s).
 */
export const figureCell =
  (changed: ReadonlySet<string> | undefined) =>
  (row: PaceRowView, columns: keyof PaceRowView | Array<keyof PaceRowView>, tone = "") =>
    cn(
      "px-2 py-1.5 text-right transition-colors duration-700",
      tone,
      (Array.isArray(columns) ? columns : [columns]).some((c) => changed?.has(cellKey(row, c))) &&
        "bg-amber-100",
    );

/** A change in nights: "+3 nights", "−1 night", "0 nights". */
export const signedNights = (value: number) =>
  `${signed(value)} ${Math.abs(value) === 1 ? "night" : "nights"}`;

export const signed = (value: number) =>
  value > 0 ? `+${formatCount(value)}` : value < 0 ? `−${formatCount(-value)}` : "0";

/**
 * One currency's pace: each period on the books now against the same time last year and
 * last year's final, with the pickup of the last days against the same days a year ago.
 */
export function PaceTable({
  rows,
  unit,
  currency,
  pickupDays,
  periodCell,
  pickupCell,
  changed,
  market,
}: {
  rows: readonly PaceRowView[];
  unit: PaceUnit;
  currency: string;
  pickupDays: number;
  /** The row's heading: its label by default, or what opens the listings behind it. */
  periodCell?: (row: PaceRowView, label: string) => ReactNode;
  /** The pickup cell's content, or what opens the reservations behind it. */
  pickupCell?: (row: PaceRowView, content: ReactNode) => ReactNode;
  /** Cells a live update just changed (`cellKey`): highlighted for a moment. */
  changed?: ReadonlySet<string>;
  /** The market's occupancy and ADR for the same periods, in columns of their own. */
  market?: ShownMarket | undefined;
}) {
  const td = figureCell(changed);
  const money = (value: number | null) => (value === null ? "—" : formatAmount(value, currency));
  const th = "px-2 py-1 text-right font-medium";
  const marketTh = cn(th, "bg-slate-50 normal-case tracking-normal");
  const marketTd = "bg-slate-50 px-2 py-1.5 text-right text-slate-700";
  const marketOf = new Map(market?.periods.map((p) => [p.period, p]));
  const marketMoney = (value: number | null | undefined) =>
    value === null || value === undefined || !market?.currency ? "—" : formatAmount(value, market.currency);
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      tabIndex={0}
      role="group"
      aria-label={`Pace in ${currency}`}
    >
      <table className={cn("w-full text-sm", market ? "min-w-[68rem]" : "min-w-[60rem]")}>
        <caption className="sr-only">
          {`On the books against the same time last year, in ${currency}, with the last ${pickupDays} days' pickup`}
        </caption>
        <thead className="text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium">
              Stay {unit}
            </th>
            <th scope="col" className={th}>
              Nights on the books
            </th>
            <th scope="col" className={th}>
              Same time last year
            </th>
            <th scope="col" className={th}>
              Change
            </th>
            <th scope="col" className={th}>
              Revenue on the books
            </th>
            <th scope="col" className={th}>
              Same time last year
            </th>
            <th scope="col" className={th}>
              Change
            </th>
            <th scope="col" className={th}>
              Occupancy
            </th>
            {market ? (
              <th scope="col" className={marketTh}>
                Market occupancy
              </th>
            ) : null}
            <th scope="col" className={th}>
              ADR
            </th>
            {market ? (
              <th scope="col" className={marketTh}>
                {market.currency && market.currency !== currency
                  ? `Market ADR (${market.currency})`
                  : "Market ADR"}
              </th>
            ) : null}
            <th scope="col" className={th}>
              Last year final
            </th>
            <th
              scope="col"
              className={th}
            >{`Pickup, last ${pickupDays} ${pickupDays === 1 ? "day" : "days"}`}</th>
            <th scope="col" className={th}>
              Same days last year
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.period} className="border-t border-slate-100 tabular-nums" data-period={row.period}>
              <th scope="row" className="px-2 py-1.5 text-left font-semibold">
                {periodCell ? periodCell(row, periodLabel(unit, row.period)) : periodLabel(unit, row.period)}
              </th>
              <td className={td(row, "otb_nights")}>{formatCount(row.otb_nights)}</td>
              <td className={td(row, "stly_nights", "text-slate-700")}>{formatCount(row.stly_nights)}</td>
              <td className={td(row, "delta_nights_pct")}>
                <Change value={row.delta_nights_pct} unit="%" />
              </td>
              <td className={td(row, "otb_revenue")}>{money(row.otb_revenue)}</td>
              <td className={td(row, "stly_revenue", "text-slate-700")}>{money(row.stly_revenue)}</td>
              <td className={td(row, "delta_revenue_pct")}>
                <Change value={row.delta_revenue_pct} unit="%" />
              </td>
              <td className={td(row, "otb_occupancy")}>{occupancy(row.otb_occupancy)}</td>
              {market ? (
                <td className={marketTd}>{occupancy(marketOf.get(row.period)?.occupancy ?? null)}</td>
              ) : null}
              <td className={td(row, "otb_adr")}>{money(row.otb_adr)}</td>
              {market ? <td className={marketTd}>{marketMoney(marketOf.get(row.period)?.adr)}</td> : null}
              <td className="px-2 py-1.5 text-right text-slate-700">
                {`${formatCounted(row.ly_final_nights, "night")} · ${money(row.ly_final_revenue)}`}
              </td>
              <td className={td(row, ["pickup_nights", "booked_nights", "canceled_nights"])}>
                {(pickupCell ?? ((_, content: ReactNode) => content))(
                  row,
                  <>
                    {signedNights(row.pickup_nights)}
                    <span className="block text-xs text-slate-600">
                      {`${formatCount(row.booked_nights)} booked, ${formatCount(row.canceled_nights)} cancelled`}
                    </span>
                  </>,
                )}
              </td>
              <td
                className={td(
                  row,
                  ["ly_pickup_nights", "ly_booked_nights", "ly_canceled_nights"],
                  "text-slate-700",
                )}
              >
                {signedNights(row.ly_pickup_nights)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
