"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { formatMonth } from "@/lib/format/dates";
import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import { metricsCsv } from "@/lib/metrics/metrics-csv";
import { segmentSeries } from "@/lib/segments/metrics";
import { formatMetric, formatTick, metricTitle, metricUnit } from "@/lib/metrics/lexicon-metrics";
import { AGGREGATE_CHART_METRICS, hasValues } from "@/lib/metrics/aggregate-series";
import type { AggregatedMetrics } from "@/lib/svc/schemas/set-analytics";
import { ChartCard } from "@/components/charts/chart-card";
import { SetMetricChart } from "@/components/charts/set-metric-chart";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import { ErrorPanel } from "@/components/ui/error-panel";

/**
 * ADR, occupancy, RevPAR and revenue month by month, pooled over the segment's listings, in
 * the currency the service answers with (its most common market's), named on every axis.
 */
export function SegmentMetrics({
  metrics,
  range,
  today,
  fileStem,
}: {
  metrics: UseQueryResult<AggregatedMetrics>;
  range: { start_month: string; end_month: string };
  today: string;
  fileStem: string;
}) {
  const id = useId();
  const state = metrics.isPending ? "loading" : metrics.isError ? "error" : "ready";
  const series = useMemo(
    () => (metrics.data ? segmentSeries(metrics.data, today) : null),
    [metrics.data, today],
  );
  const currency = metrics.data?.currency;

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="segment-metrics"
      data-state={state}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Monthly metrics
          </h2>
          <p className="max-w-3xl text-sm text-slate-600">
            Pooled over the segment&apos;s listings from {formatMonth(range.start_month)} to{" "}
            {formatMonth(range.end_month)}
            {currency
              ? `, in ${currency}, the currency the service answers with (that of the segment's most common market)`
              : ""}
            . Forward months count only what is on the books and are hatched; a month without figures has no
            bar: no data.
          </p>
        </div>
        <DownloadCsvButton
          filename={`${fileStem}-monthly-metrics.csv`}
          label="Download metrics CSV"
          build={() => (metrics.data ? metricsCsv(metrics.data, today) : "")}
          disabled={state !== "ready"}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {AGGREGATE_CHART_METRICS.map((metric) => {
          const points = series?.[metric] ?? [];
          const title = currency ? metricTitle(metric, currency) : METRIC_DEFS[metric].label;
          return (
            <ChartCard
              key={metric}
              title={title}
              description={METRIC_DEFS[metric].meaning}
              state={state}
              empty={series !== null && !hasValues(points)}
              emptyMessage="No month in this range has figures: the segment's listings have no data for it."
              height={200}
            >
              {currency ? (
                <SetMetricChart
                  data={points}
                  format={(value) => formatMetric(metric, value, currency)}
                  tick={formatTick}
                  unit={metricUnit(metric, currency)}
                  caption={title}
                />
              ) : null}
            </ChartCard>
          );
        })}
      </div>
      {metrics.isError ? (
        <ErrorPanel
          error={metrics.error}
          onRetry={() => metrics.refetch()}
          what="this segment's monthly metrics"
        />
      ) : null}
    </section>
  );
}
