"use client";

import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import { channelRef } from "@/lib/display/channels";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import { Badge } from "@/components/ui/badge";
import { AgainstMarketCell } from "@/components/listings/against-market-cell";
import { KpiCell, type PortfolioRow } from "@/components/listings/portfolio-cells";
import { usePortfolioTable } from "@/components/listings/portfolio-table-context";
import { PortfolioLink } from "@/components/shell/portfolio-link";

/** The KPI figures of a card: label, then the same cell the table shows. */
function CardFigures({
  row,
  metrics,
  withMarket,
}: {
  row: PortfolioRow;
  metrics: readonly KpiMetric[];
  withMarket: boolean;
}) {
  const { choice } = usePortfolioTable().kpi;
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
      <div>
        <dt className="text-xs text-slate-600">{METRIC_DEFS[choice.metric].label}</dt>
        <dd>
          <KpiCell row={row} />
        </dd>
      </div>
      {metrics.map((metric) => (
        <div key={metric}>
          <dt className="text-xs text-slate-600">{METRIC_DEFS[metric].label}</dt>
          <dd>
            <KpiCell row={row} of={metric} />
          </dd>
        </div>
      ))}
      {withMarket ? (
        <div className="col-span-2">
          <dt className="text-xs text-slate-600">Occupancy against the market</dt>
          <dd>
            <AgainstMarketCell row={row} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The table's rows as cards, for a phone's width (the table is hidden there): the name, the
 * KPI figures chosen and the comparison with the market first, then where and whose it is.
 * The same page of rows as the table, in the portfolio's order.
 */
export function ListingCards({
  rows,
  caption,
  metrics,
  withKpi,
  withMarket,
}: {
  rows: PortfolioRow[];
  caption: string;
  metrics: readonly KpiMetric[];
  withKpi: boolean;
  withMarket: boolean;
}) {
  return (
    <ul aria-label={caption} className="space-y-2">
      {rows.map((row) => (
        <li key={row.svc_id} className="rounded-lg border border-slate-200 bg-white p-3">
          <PortfolioLink
            href={`/listings/${row.svc_id}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {row.name}
          </PortfolioLink>
          {withKpi ? <CardFigures row={row} metrics={metrics} withMarket={withMarket} /> : null}
          <p className="mt-2 text-xs text-slate-600">
            {row.market_name} {"\u00b7"} {channelRef(row)}
            {row.bedrooms !== null ? ` \u00b7 ${row.bedrooms} BR` : ""}
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            {row.is_active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}
            {row.is_hidden ? <Badge tone="amber">Hidden</Badge> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
