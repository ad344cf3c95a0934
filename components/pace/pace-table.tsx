import { formatDay, formatMonth } from "@/lib/format/dates";
import { formatAmount, formatCount, formatPercent } from "@/lib/format/numbers";
import type { PaceRowView } from "@/lib/pace/queries";
import type { PaceUnit } from "@/lib/pace/table";

/** `Dec 2026`, `W49 2026`, `5 Dec`: a period as a revenue manager names it. */
export function periodLabel(unit: PaceUnit, period: string): string {
  if (unit === "month") return formatMonth(period);
  if (unit === "week") return `${period.slice(5)} ${period.slice(0, 4)}`;
  return formatDay(period);
}

function Delta({ value }: { value: number | null }) {
  if (value === null) return <span className="text-slate-500">no comparison</span>;
  const tone = value > 0 ? "text-emerald-800" : value < 0 ? "text-red-700" : "text-slate-700";
  const sign = value > 0 ? "+" : value < 0 ? "−" : "";
  return <span className={tone}>{`${sign}${formatPercent(Math.abs(value), { spaced: true })}`}</span>;
}

const occupancy = (value: number | null) => (value === null ? "—" : formatPercent(value, { spaced: true }));
const signed = (value: number) =>
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
}: {
  rows: readonly PaceRowView[];
  unit: PaceUnit;
  currency: string;
  pickupDays: number;
}) {
  const money = (value: number | null) => (value === null ? "—" : formatAmount(value, currency));
  const th = "px-2 py-1 text-right font-medium";
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      tabIndex={0}
      role="group"
      aria-label={`Pace in ${currency}`}
    >
      <table className="w-full min-w-[60rem] text-sm">
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
            <th scope="col" className={th}>
              ADR
            </th>
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
                {periodLabel(unit, row.period)}
              </th>
              <td className="px-2 py-1.5 text-right">{formatCount(row.otb_nights)}</td>
              <td className="px-2 py-1.5 text-right text-slate-700">{formatCount(row.stly_nights)}</td>
              <td className="px-2 py-1.5 text-right">
                <Delta value={row.delta_nights_pct} />
              </td>
              <td className="px-2 py-1.5 text-right">{money(row.otb_revenue)}</td>
              <td className="px-2 py-1.5 text-right text-slate-700">{money(row.stly_revenue)}</td>
              <td className="px-2 py-1.5 text-right">
                <Delta value={row.delta_revenue_pct} />
              </td>
              <td className="px-2 py-1.5 text-right">{occupancy(row.otb_occupancy)}</td>
              <td className="px-2 py-1.5 text-right">{money(row.otb_adr)}</td>
              <td className="px-2 py-1.5 text-right text-slate-700">
                {`${formatCount(row.ly_final_nights)} nights · ${money(row.ly_final_revenue)}`}
              </td>
              <td className="px-2 py-1.5 text-right">
                {`${signed(row.pickup_nights)} nights`}
                <span className="block text-xs text-slate-600">
                  {`${formatCount(row.booked_nights)} booked, ${formatCount(row.canceled_nights)} cancelled`}
                </span>
              </td>
              <td className="px-2 py-1.5 text-right text-slate-700">{`${signed(row.ly_pickup_nights)} nights`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
