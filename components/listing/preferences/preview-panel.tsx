"use client";

import { format, parseISO } from "date-fns";
import { formatMoney } from "@/lib/format/money";
import { limitHitSentences, previewLimitHits } from "@/lib/listing/preferences/limit-hits";
import { warningInWords } from "@/lib/listing/preferences/warnings";
import type { PreviewResult } from "@/lib/svc/schemas/preferences-extras";

function signedMoney(value: number, currency: string): string {
  if (value === 0) return formatMoney(0, currency);
  return `${value > 0 ? "+" : "−"}${formatMoney(Math.abs(value), currency)}`;
}

/** What the pending changes would do, night by night; the preview stored nothing. */
export function PreviewPanel({
  id,
  preview,
  stale,
  channel,
}: {
  id: string;
  preview: PreviewResult;
  /** The form changed since: this preview is of other values. */
  stale: boolean;
  channel: string;
}) {
  const nights = preview.price_preview;
  const { currency } = preview;
  const changed = nights.filter((n) => n.preview_price !== n.current_price).length;
  const mean = (pick: (n: (typeof nights)[number]) => number) =>
    nights.length ? nights.reduce((sum, n) => sum + pick(n), 0) / nights.length : 0;
  const before = mean((n) => n.current_price);
  const after = mean((n) => n.preview_price);
  const percent = before > 0 ? Math.round(((after - before) / before) * 1000) / 10 : 0;
  // The limits the previewed settings would leave in place, and the nights held at them.
  const { hits, min, max } = previewLimitHits(preview);
  const atLimits = limitHitSentences(hits, min, max, currency);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-brand-100 bg-brand-50/40 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          Preview of the next {nights.length} nights
        </h3>
        <p className="text-xs text-slate-600">Nothing was saved: this is what saving would do.</p>
      </div>
      {stale ? (
        <p className="text-sm text-amber-900">
          The form changed since this preview. Preview again to see the new values.
        </p>
      ) : null}
      {nights.length === 0 ? (
        <p className="text-sm text-slate-700">The listing has no nights on its calendar to preview.</p>
      ) : (
        <p className="text-sm text-slate-800">
          {changed === 0
            ? "No night's price would change."
            : `${changed} of ${nights.length} nights would change. Average nightly price ${formatMoney(
                Math.round(before),
                currency,
              )} → ${formatMoney(Math.round(after), currency)} (${percent > 0 ? "+" : ""}${percent}%).`}
        </p>
      )}
      {atLimits.length > 0 ? (
        <ul aria-label="Nights at your price limits" className="space-y-0.5 text-sm text-slate-800">
          {atLimits.map((sentence) => (
            <li key={sentence} className={/^No night/.test(sentence) ? "" : "font-medium text-amber-900"}>
              {sentence}
            </li>
          ))}
        </ul>
      ) : null}
      {preview.warnings.length > 0 ? (
        <ul className="space-y-1" aria-label="Warnings the changes would raise">
          {preview.warnings.map((warning, index) => {
            const words = warningInWords(warning, channel, "preview");
            return (
              <li
                key={index}
                className="rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 ring-1 ring-inset ring-amber-200"
              >
                <span className="font-semibold">{words.title}: </span>
                {words.sentence} Affected: {words.attributes.join(", ")}.
              </li>
            );
          })}
        </ul>
      ) : null}
      {nights.length > 0 ? (
        <div
          tabIndex={0}
          role="region"
          aria-label="Price change by night"
          className="max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Current and previewed price of each night, in {currency}</caption>
            <thead className="sticky top-0 bg-slate-50 text-left text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Night
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  Current
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  Previewed
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  Difference
                </th>
              </tr>
            </thead>
            <tbody>
              {nights.map((night) => {
                const difference = night.preview_price - night.current_price;
                return (
                  <tr key={night.date} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-1 text-left font-normal text-slate-700">
                      <time dateTime={night.date}>{format(parseISO(night.date), "EEE d MMM yyyy")}</time>
                    </th>
                    <td className="px-3 py-1 text-right tabular-nums">
                      {formatMoney(night.current_price, currency)}
                    </td>
                    <td className="px-3 py-1 text-right tabular-nums">
                      {formatMoney(night.preview_price, currency)}
                    </td>
                    <td
                      className={`px-3 py-1 text-right tabular-nums ${
                        difference > 0
                          ? "text-emerald-700"
                          : difference < 0
                            ? "text-red-700"
                            : "text-slate-500"
                      }`}
                    >
                      {signedMoney(difference, currency)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
