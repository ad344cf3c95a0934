"use client";

import { useId } from "react";
import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import { windowLabel } from "@/lib/metrics/rolling-windows";
import { KPI_METRICS, KPI_WINDOWS, type KpiMetric, type KpiWindow } from "@/lib/svc/schemas/kpi-lexicon";

export interface PortfolioKpiChoice {
  metric: KpiMetric;
  window: KpiWindow;
  currency: string | null;
}

const selectClass = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/** Which metric, window and currency the KPI column and the ranking show. */
export function PortfolioKpiControls({
  choice,
  currencies,
  onChange,
}: {
  choice: PortfolioKpiChoice;
  /** Currencies the portfolio's listings are priced in: the ones worth converting into. */
  currencies: readonly string[];
  onChange: (next: Partial<PortfolioKpiChoice>) => void;
}) {
  const id = useId();
  // A currency from a shared link stays listed even when no listing here is priced in it.
  const options =
    choice.currency && !currencies.includes(choice.currency) ? [...currencies, choice.currency] : currencies;
  return (
    <div role="group" aria-label="KPI options" className="flex flex-wrap items-center gap-x-5 gap-y-2">
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-metric`} className="text-sm text-slate-700">
          KPI
        </label>
        <select
          id={`${id}-metric`}
          value={choice.metric}
          onChange={(e) => onChange({ metric: e.target.value as KpiMetric })}
          className={selectClass}
        >
          {KPI_METRICS.map((m) => (
            <option key={m} value={m}>
              {METRIC_DEFS[m].label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-window`} className="text-sm text-slate-700">
          Window
        </label>
        <select
          id={`${id}-window`}
          value={choice.window}
          onChange={(e) => onChange({ window: e.target.value as KpiWindow })}
          className={selectClass}
        >
          {KPI_WINDOWS.map((w) => (
            <option key={w} value={w}>
              {windowLabel(w)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-currency`} className="text-sm text-slate-700">
          Currency
        </label>
        <select
          id={`${id}-currency`}
          value={choice.currency ?? ""}
          onChange={(e) => onChange({ currency: e.target.value || null })}
          className={selectClass}
        >
          <option value="">Each listing&apos;s own</option>
          {options.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
