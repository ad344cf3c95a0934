"use client";

import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import { KPI_COLUMNS_MAX, shownKpiColumns, toggleKpiColumn } from "@/lib/listings/kpi-columns";
import { KPI_METRICS, type KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * The KPI columns shown side by side: the KPI picked beside it is always one; the others are
 * ticked here and remembered in this browser. Past the limit the rest are greyed out, and
 * the reason is said.
 */
export function KpiColumnsPicker({
  primary,
  extra,
  onChange,
}: {
  primary: KpiMetric;
  extra: readonly KpiMetric[];
  onChange: (next: KpiMetric[]) => void;
}) {
  const shown = shownKpiColumns(primary, extra);
  const full = shown.length >= KPI_COLUMNS_MAX;
  return (
    <details className="relative text-sm">
      <summary className="cursor-pointer rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-700">
        Columns ({shown.length})
      </summary>
      <fieldset className="absolute z-20 mt-1 w-64 space-y-1 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
        <legend className="sr-only">KPI columns</legend>
        <p className="mb-2 text-xs text-slate-600">
          Up to {KPI_COLUMNS_MAX} KPI columns, each in the window and currency chosen. Each column is one read
          of the portfolio&apos;s figures.
        </p>
        {KPI_METRICS.map((metric) => {
          const checked = shown.includes(metric);
          const locked = metric === primary;
          return (
            <label key={metric} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={checked}
                disabled={locked || (!checked && full)}
                onChange={() => onChange(toggleKpiColumn(extra, metric, primary))}
              />
              <span>
                {METRIC_DEFS[metric].label}
                {locked ? <span className="text-xs text-slate-600"> (the KPI picked)</span> : null}
              </span>
            </label>
          );
        })}
        {full ? (
          <p className="pt-1 text-xs text-slate-600">
            {KPI_COLUMNS_MAX} columns shown: untick one to pick another.
          </p>
        ) : null}
      </fieldset>
    </details>
  );
}
