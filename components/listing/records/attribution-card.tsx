import { attributionView, effectiveBasePriceNote } from "@/lib/listing/records/base-price-display";
import type { BasePriceRecommendation } from "@/lib/svc/schemas/listing-extras";
import { formatUtc } from "@/lib/format/times";
import { cn } from "@/components/ui/cn";

/**
 * The current base price recommendation and the parts that add up to it: the
 * neighborhood's starting price plus each factor, in words and numbers, with the total.
 */
export function AttributionCard({ recommendation }: { recommendation: BasePriceRecommendation }) {
  const view = attributionView(recommendation);
  return (
    <section
      aria-labelledby="base-price-recommendation"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="base-price-recommendation" className="text-base font-semibold text-slate-900">
        Base price recommendation
      </h3>
      <p className="mt-1 text-3xl font-semibold tabular-nums text-slate-900">{view.totalShown}</p>
      <p className="text-xs text-slate-500">
        Updated <time dateTime={recommendation.updated_at}>{formatUtc(recommendation.updated_at)}</time>
      </p>
      <p className="mt-2 text-sm text-slate-700">{view.summary}</p>
      <p className="mt-1 text-sm text-slate-700">{effectiveBasePriceNote(recommendation)}</p>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">How the recommended base price adds up</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row, i) => (
            <tr key={row.key} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-700">
                {row.label}
              </th>
              <td
                className={cn(
                  "py-1.5 text-right tabular-nums",
                  i === 0
                    ? "text-slate-900"
                    : row.amount > 0
                      ? "text-emerald-800"
                      : row.amount < 0
                        ? "text-red-700"
                        : "text-slate-600",
                )}
              >
                {row.shown}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 pr-3 text-left font-semibold text-slate-900">
              Recommended base price
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums text-slate-900">{view.totalShown}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
