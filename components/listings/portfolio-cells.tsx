"use client";

import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import { windowLabel } from "@/lib/metrics/rolling-windows";
import { channelRef } from "@/lib/display/channels";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Skeleton } from "@/components/ui/skeleton";
import { KpiValue } from "@/components/listings/kpi-value";
import { usePortfolioTable } from "@/components/listings/portfolio-table-context";

/** A listing with its value for the KPI chosen; null when the answer has none. */
export type PortfolioRow = Listing & {
  kpi: { value: number | null; currency: string } | null;
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

export function KpiHeader() {
  const { choice } = usePortfolioTable().kpi;
  const metric = METRIC_DEFS[choice.metric];
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

export function KpiCell({ row }: { row: PortfolioRow }) {
  const { state, choice } = usePortfolioTable().kpi;
  if (state === "loading") return <Skeleton className="ml-auto h-4 w-14" />;
  if (state !== "ready" || !row.kpi) return <span className="text-slate-500">—</span>;
  return <KpiValue metric={choice.metric} value={row.kpi.value} currency={row.kpi.currency} />;
}
