"use client";

import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import { windowLabel } from "@/lib/metrics/rolling-windows";
import { channelRef } from "@/lib/display/channels";
import type { AgainstMarket } from "@/lib/listings/against-market";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Skeleton } from "@/components/ui/skeleton";
import { KpiValue } from "@/components/listings/kpi-value";
import { usePortfolioTable } from "@/components/listings/portfolio-table-context";

/** A listing with its value for the KPI chosen; null when the answer has none. */
export type KpiFigure = { value: number | null; currency: string };
export type PortfolioRow = Listing & {
  kpi: KpiFigure | null;
  /** The further KPI columns' figures, by metric. */
  figures?: Partial<Record<KpiMetric, KpiFigure | null>>;
  /** Occupancy against the market, where the page compares it. */
  market?: AgainstMarket | null;
};

export function SelectAllHeader() {
  const { selection } = usePortfolioTable();
  const all = selection.shownCount > 0 && selection.ids.size === selection.shownCount;
  return (
    <input
      type="checkbox"
      aria-label={
        all
          ? "Clear the selection"
          : `Select all ${selection.shownCount} listings${selection.allScope ? ` ${selection.allScope}` : ""}`
      }
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = selection.ids.size > 0 && !all;
      }}
      onChange={selection.toggleAll}
      className="h-4 w-4 accent-brand-600"
    />
  );
}

export function SelectCell({ row }: { row: PortfolioRow }) {
  const { selection } = usePortfolioTable();
  return (
    <input
      type="checkbox"
      aria-label={`Select ${row.name} (${channelRef(row)})`}
      checked={selection.ids.has(row.svc_id)}
      onChange={() => selection.toggle(row.svc_id)}
      className="h-4 w-4 accent-brand-600"
    />
  );
}

export function KpiHeader({ of }: { of?: KpiMetric }) {
  const { choice } = usePortfolioTable().kpi;
  const metric = METRIC_DEFS[of ?? choice.metric];
  return (
    <span title={`${metric.meaning} ${windowLabel(choice.window)}.`}>
      {metric.label}
      <span className="block text-[11px] font-normal normal-case tracking-normal">
        {windowLabel(choice.window)}
        {choice.currency ? ` · ${choice.currency}` : ""}
      </span>
    </span>
  );
}

export function KpiCell({ row, of }: { row: PortfolioRow; of?: KpiMetric }) {
  const { state: primaryState, choice, columns } = usePortfolioTable().kpi;
  const state = of ? (columns?.[of] ?? "unread") : primaryState;
  const figure = of ? row.figures?.[of] : row.kpi;
  if (state === "loading") return <Skeleton className="ml-auto h-4 w-14" />;
  if (state !== "ready" || !figure) return <span className="text-slate-500">{"\u2014"}</span>;
  return <KpiValue metric={of ?? choice.metric} value={figure.value} currency={figure.currency} />;
}
