"use client";

import type { ReactNode } from "react";
import { formatPrice, periodDates, rateWords } from "@/lib/listing/custom-rates/words";
import { datesOf } from "@/lib/listing/calendar/dates";
import type { CustomRate } from "@/lib/svc/schemas/custom-rates";
import { formatUtc } from "@/lib/format/times";

const nightsOf = (p: CustomRate) => datesOf(p).length;

/**
 * The periods in force, in the service's order (by first night). Expired periods are not
 * returned by the service, so none is shown. `actions` renders each row's controls.
 */
export function CustomRatesTable({
  periods,
  actions,
}: {
  periods: CustomRate[];
  actions: (period: CustomRate) => ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Custom rates in force and upcoming</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Nights
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Adjustment
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Price limits
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Minimum stay
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Expires
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Reason
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <tr key={`${p.start_date}:${p.end_date}`} className="border-t border-slate-100 align-top">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {periodDates(p)}
                <span className="block text-xs font-normal text-slate-600">
                  {nightsOf(p)} {nightsOf(p) === 1 ? "night" : "nights"}
                </span>
              </th>
              <td className="px-3 py-2">{rateWords(p, p.currency)}</td>
              <td className="px-3 py-2 text-slate-700">
                {p.min_price == null && p.max_price == null
                  ? "The listing's"
                  : [
                      p.min_price != null ? `at least ${formatPrice(p.min_price, p.currency)}` : null,
                      p.max_price != null ? `at most ${formatPrice(p.max_price, p.currency)}` : null,
                    ]
                      .filter(Boolean)
                      .join(", ")}
              </td>
              <td className="px-3 py-2 text-slate-700">
                {p.min_stay != null
                  ? `${p.min_stay} ${p.min_stay === 1 ? "night" : "nights"}`
                  : "The listing's"}
              </td>
              <td className="px-3 py-2 text-slate-700">
                {p.expires_at ? formatUtc(p.expires_at, { seconds: false }) : "Never"}
              </td>
              <td className="px-3 py-2 text-slate-700">{p.reason || "—"}</td>
              <td className="px-3 py-2 text-right">{actions(p)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
