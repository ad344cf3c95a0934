import type { ReactNode } from "react";
import { figureCell, periodLabel, signed, signedNights } from "@/components/pace/pace-table";
import { formatAmount, formatCount, formatCounted } from "@/lib/format/numbers";
import type { PaceRowView } from "@/lib/pace/queries";
import type { PaceUnit } from "@/lib/pace/table";

/**
 * One currency's pickup: per stay period, the nights booked and cancelled in the last days and
 * what that nets to, against the same days a year earlier for last year's period. Each year's
 * cell opens the reservations behind it.
 */
export function PickupTable({
  rows,
  unit,
  currency,
  pickupDays,
  cell,
  changed,
}: {
  rows: readonly PaceRowView[];
  unit: PaceUnit;
  currency: string;
  pickupDays: number;
  /** A year's booked and cancelled figures, or what opens the reservations behind them. */
  cell?: (row: PaceRowView, year: "this" | "last", content: ReactNode) => ReactNode;
  changed?: ReadonlySet<string>;
}) {
  const days = `${pickupDays} ${pickupDays === 1 ? "day" : "days"}`;
  const open = cell ?? ((_row: PaceRowView, _year: "this" | "last", content: ReactNode) => content);
  const td = figureCell(changed);
  const th = "px-2 py-1 text-right font-medium";
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      tabIndex={0}
      role="group"
      aria-label={`Pickup in ${currency}`}
    >
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">
          {`Nights booked and cancelled in the last ${days}, in ${currency}, against the same days last year`}
        </caption>
        <thead className="text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium">
              Stay {unit}
            </th>
            <th scope="col" className={th}>{`Booked, last ${days}`}</th>
            <th scope="col" className={th}>
              Cancelled
            </th>
            <th scope="col" className={th}>
              Net nights
            </th>
            <th scope="col" className={th}>
              Net revenue
            </th>
            <th scope="col" className={th}>
              Same days last year
            </th>
            <th scope="col" className={th}>
              Net revenue last year
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.period} className="border-t border-slate-100 tabular-nums" data-period={row.period}>
              <th scope="row" className="px-2 py-1.5 text-left font-semibold">
                {periodLabel(unit, row.period)}
              </th>
              <td className={td(row, "booked_nights")}>
                {open(row, "this", formatCounted(row.booked_nights, "night"))}
              </td>
              <td className={td(row, "canceled_nights")}>{formatCounted(row.canceled_nights, "night")}</td>
              <td className={td(row, "pickup_nights", "font-semibold")}>{signed(row.pickup_nights)}</td>
              <td className={td(row, "pickup_revenue")}>{formatAmount(row.pickup_revenue, currency)}</td>
              <td
                className={td(
                  row,
                  ["ly_pickup_nights", "ly_booked_nights", "ly_canceled_nights"],
                  "text-slate-700",
                )}
              >
                {open(
                  row,
                  "last",
                  <>
                    {signedNights(row.ly_pickup_nights)}
                    <span className="block text-xs text-slate-600">
                      {`${formatCount(row.ly_booked_nights)} booked, ${formatCount(row.ly_canceled_nights)} cancelled`}
                    </span>
                  </>,
                )}
              </td>
              <td className={td(row, "ly_pickup_revenue", "text-slate-700")}>
                {formatAmount(row.ly_pickup_revenue, currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
