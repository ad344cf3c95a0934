"use client";

import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { useId, useMemo, useState } from "react";
import { ChartCard } from "@/components/charts/chart-card";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { todayUtc } from "@/lib/format/dates";
import { METRIC_DEFS, metricTitle } from "@/lib/metrics/kpi-metrics";
import { CHART_METRICS, kpiSeries, type ChartMetric, type KpiPeriod } from "@/lib/metrics/kpi-series";
import { periodKpisQuery } from "@/lib/listing/kpis/queries";
import type { Listing } from "@/lib/svc/schemas/listings";
import { KpiChart } from "@/components/listing/kpis/kpi-chart";
import { KpiFiguresTable } from "@/components/listing/kpis/kpi-figures-table";
import { kpiUrlState } from "@/components/listing/kpis/kpi-url-state";

const PERIOD_OPTIONS: ReadonlyArray<{ value: KpiPeriod; label: string }> = [
  { value: "monthly", label: "Monthly" },
  { value: "quarterly", label: "Quarterly" },
  { value: "yearly", label: "Yearly" },
];

const PERIOD_NOUN: Record<KpiPeriod, string> = { monthly: "month", quarterly: "quarter", yearly: "year" };

const PERIOD_SPAN: Record<KpiPeriod, string> = {
  monthly: "15 months back and 12 ahead",
  quarterly: "the last 5 quarters and those of the next 12 months",
  yearly: "the last 5 years and the next 12 months",
};

/** The period chart with its metric and period pickers; only the chosen period is fetched. */
export function KpiChartPanel({ listing }: { listing: Listing }) {
  const [{ kpiMetric: metric, kpiPeriod: period }, setChoice] = useQueryStates(kpiUrlState);
  const answer = useQuery(periodKpisQuery(listing.svc_id, period));
  // Periods are placed against today once per visit; the service's own day is not sent.
  const [today] = useState(() => todayUtc());
  const series = useMemo(
    () => (answer.data ? kpiSeries(answer.data, period, metric, today) : []),
    [answer.data, period, metric, today],
  );
  const currency = answer.data?.currency ?? listing.currency;
  const state = answer.isPending ? "loading" : answer.isError ? "error" : "ready";
  const title = `${metricTitle(metric, currency)} by ${PERIOD_NOUN[period]}`;
  const metricId = useId();

  return (
    <div className="space-y-3" data-testid="kpi-period-chart">
      <div role="group" aria-label="Chart options" className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <label htmlFor={metricId} className="text-sm text-slate-700">
            Metric
          </label>
          <select
            id={metricId}
            value={metric}
            onChange={(e) => void setChoice({ kpiMetric: e.target.value as ChartMetric })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {CHART_METRICS.map((m) => (
              <option key={m} value={m}>
                {METRIC_DEFS[m].label}
              </option>
            ))}
          </select>
        </div>
        <SegmentedControl
          label="Period"
          value={period}
          options={PERIOD_OPTIONS}
          onValueChange={(next) => void setChoice({ kpiPeriod: next })}
        />
      </div>
      <ChartCard
        title={title}
        description={`${METRIC_DEFS[metric].meaning} Covers ${PERIOD_SPAN[period]}; forward periods count only what is on the books now.`}
        state={state}
        empty={state === "ready" && series.every((p) => p.value === null)}
        emptyMessage={`No ${METRIC_DEFS[metric].label.toLowerCase()} figures have been generated yet for these periods.`}
        height={260}
      >
        <KpiChart data={series} metric={metric} currency={currency} height={260} />
        <KpiFiguresTable data={series} metric={metric} currency={currency} caption={`${title}: figures`} />
      </ChartCard>
      {state === "error" ? (
        <ErrorPanel error={answer.error} onRetry={() => answer.refetch()} what={`the ${period} KPIs`} />
      ) : null}
    </div>
  );
}
