"use client";

import type { ChangePlan } from "@/lib/calendar/bulk-change";
import {
  afterWords,
  changeFormSchema,
  outsideLimits,
  toChange,
  type ChangeFormValues,
} from "@/lib/calendar/change-form";
import { compactMoney } from "@/lib/calendar/rows";
import { EMPTY } from "@/lib/format/numbers";

/** Listings drawn in the preview table; the rest are counted (every one gets a result line). */
const PREVIEW_ROWS = 50;

/**
 * What Apply will change, listing by listing, before anything is sent: the nights written,
 * the booked nights skipped, the prices in force now and what they become. Listings that will
 * not be sent (view-only, all booked, unread) are said with the reason.
 */
export function ChangePreview({ plan, values }: { plan: ChangePlan; values: ChangeFormValues }) {
  const parsed = changeFormSchema.safeParse(values);
  const change = parsed.success ? toChange(parsed.data) : null;
  const nights = plan.sends.reduce((n, s) => n + s.nights, 0);
  const warnings = outsideLimits(
    change,
    plan.sends.map((s) => s.listing),
  );
  return (
    <section aria-label="What changes" className="space-y-2 text-sm">
      <p className="text-slate-800" data-testid="change-summary">
        {plan.sends.length} {plan.sends.length === 1 ? "listing" : "listings"}, {nights}{" "}
        {nights === 1 ? "night" : "nights"} written
        {plan.bookedTotal > 0
          ? `; ${plan.bookedTotal} booked ${plan.bookedTotal === 1 ? "night is" : "nights are"} skipped`
          : ""}
        .
      </p>
      {plan.currencies.length > 1 && change?.kind === "rate" && change.priceType === "fixed" ? (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          These listings are priced in {plan.currencies.join(", ")}: a fixed price is read in each
          listing&apos;s own currency.
        </p>
      ) : null}
      {warnings.size > 0 ? (
        <p
          role="note"
          className="rounded-md bg-amber-50 px-3 py-2 text-amber-900"
          data-testid="limits-warning"
        >
          This rate is outside the price limits of {warnings.size} of these listings (said beside each). It is
          still applied if you go on: a custom rate overrides the limits.
        </p>
      ) : null}
      {plan.sends.length > 0 ? (
        <div className="max-h-64 overflow-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The change per listing</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-1 font-medium">
                  Listing
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  Nights
                </th>
                <th scope="col" className="px-2 py-1 text-right font-medium">
                  Booked, skipped
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  Price now
                </th>
                <th scope="col" className="px-2 py-1 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {plan.sends.slice(0, PREVIEW_ROWS).map((s) => {
                const money = (v: number) => compactMoney(v, s.listing.currency);
                return (
                  <tr key={s.listing.svc_id}>
                    <th scope="row" className="max-w-48 truncate px-2 py-1 font-normal text-slate-900">
                      {s.listing.name}
                    </th>
                    <td className="px-2 py-1 text-right tabular-nums">{s.nights}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{s.booked}</td>
                    <td className="px-2 py-1 tabular-nums">
                      {s.priceNow
                        ? s.priceNow.low === s.priceNow.high
                          ? money(s.priceNow.low)
                          : `${money(s.priceNow.low)}–${money(s.priceNow.high)}`
                        : EMPTY}
                    </td>
                    <td className="px-2 py-1">
                      {change ? afterWords(change, money) : "—"}
                      {warnings.has(s.listing.svc_id) ? (
                        <span className="block text-xs text-amber-900">{warnings.get(s.listing.svc_id)}</span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {plan.sends.length > PREVIEW_ROWS ? (
            <p className="px-2 py-1 text-xs text-slate-600">
              And {plan.sends.length - PREVIEW_ROWS} more listings; each gets its own result line.
            </p>
          ) : null}
        </div>
      ) : null}
      {[
        [plan.allBooked.map((p) => p.listing), "every selected night is booked"],
        [plan.viewOnly, "view-only for you"],
        [plan.unread, "nights could not be read"],
      ].map(([listings, why]) =>
        (listings as unknown[]).length > 0 ? (
          <p key={why as string} role="note" className="rounded-md bg-slate-50 px-3 py-2 text-slate-700">
            Not sent ({why as string}): {(listings as { name: string }[]).map((l) => l.name).join(", ")}.
          </p>
        ) : null,
      )}
    </section>
  );
}
