"use client";

import type { RankOrder } from "@/lib/listings/ranking";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import { PortfolioLink } from "@/components/shell/portfolio-link";
import { KpiValue } from "@/components/listings/kpi-value";

export const ORDER_OPTIONS: ReadonlyArray<{ value: RankOrder; label: string }> = [
  { value: "desc", label: "Highest first" },
  { value: "asc", label: "Lowest first" },
];

/** One ranked listing as the table shows it, from the portfolio in hand or a page of the service's ranking. */
export interface RankingRow {
  listingId: string;
  /** null: a value not generated yet, ranked last without a number. */
  rank: number | null;
  name: string;
  /** The channel and its id under the name; null when the name already is that. */
  channelRef: string | null;
  market: string;
  value: number | null;
  currency: string;
}

/** The ranking's table: rank, the listing (a link to its workspace), its market and the value. */
export function RankingTable({
  rows,
  caption,
  metric,
  metricLabel,
}: {
  rows: readonly RankingRow[];
  caption: string;
  metric: KpiMetric;
  metricLabel: string;
}) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="w-16 px-3 py-2 text-right font-semibold">
              Rank
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Listing
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Market
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {metricLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.listingId} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
              <td className="px-3 py-2 text-right tabular-nums text-slate-700">
                {row.rank ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Not ranked</span>
                  </>
                )}
              </td>
              <td className="px-3 py-2">
                <PortfolioLink
                  href={`/listings/${row.listingId}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {row.name}
                </PortfolioLink>
                {row.channelRef ? <p className="text-xs text-slate-600">{row.channelRef}</p> : null}
              </td>
              <td className="px-3 py-2 text-slate-700">{row.market}</td>
              <td className="px-3 py-2 text-right">
                <KpiValue metric={metric} value={row.value} currency={row.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
