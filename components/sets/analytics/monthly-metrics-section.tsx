"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { setAggregatedMetricsQuery } from "@/lib/sets/analytics/queries";
import { formatMetric, formatTick, metricTitle, metricUnit } from "@/lib/metrics/lexicon-metrics";
import {
  MONTH_RANGE_LABELS,
  MONTH_RANGES,
  monthRangeQuery,
  type MonthRange,
} from "@/lib/sets/analytics/ranges";
import {
  AGGREGATE_CHART_METRICS,
  aggregatedSeries,
  hasValues,
  type AggregateChartMetric,
} from "@/lib/metrics/aggregate-series";
import { metricsCsv } from "@/lib/metrics/metrics-csv";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { ChartCard } from "@/components/charts/chart-card";
import { SetMetricChart } from "@/components/charts/set-metric-chart";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { AnalyticsSection, LoadProblem, loadStateOf } from "@/components/charts/analytics-section";

const DESCRIPTIONS: Record<AggregateChartMetric, string> = {
  adr: "Average daily rate: revenue per booked night.",
  occupancy: "Booked nights as a share of all nights.",
  revpar: "Revenue per available night, booked or not.",
  revenue: "Revenue per member listing in the month.",
};

/** ADR, occupancy, RevPAR and revenue month by month, in the set's currency. */
export function MonthlyMetricsSection({ set }: { set: SetRecord }) {
  const [range, setRange] = useState<MonthRange>("past-12");
  const params = useMemo(() => monthRangeQuery(range), [range]);
  const query = useQuery(setAggregatedMetricsQuery(set, params));
  const state = loadStateOf(query);
  const currency = query.data?.currency ?? set.currency;
  const series = useMemo(() => (query.data ? aggregatedSeries(query.data) : null), [query.data]);

  return (
    <AnalyticsSection
      title="Monthly metrics"
      testId="monthly-metrics"
      description={`Aggregated across the set's active members, in ${currency}. A month without figures shows no bar: it has no data yet.`}
      controls={
        <>
          <SegmentedControl
            label="Months shown"
            value={range}
            options={MONTH_RANGES.map((value) => ({ value, label: MONTH_RANGE_LABELS[value] }))}
            onValueChange={setRange}
          />
          {/* Every month of the range shown, with every metric the service answered for it. */}
          <DownloadCsvButton
            filename={`set-${set.id}-monthly-metrics-${range}.csv`}
            build={() => (query.data ? metricsCsv(query.data) : "")}
            disabled={!query.data}
          />
        </>
      }
    >
      <div className="grid gap-4 lg:grid-cols-2">
        {AGGREGATE_CHART_METRICS.map((metric) => {
          const points = series?.[metric] ?? [];
          return (
            <ChartCard
              key={metric}
              title={metricTitle(metric, currency)}
              description={DESCRIPTIONS[metric]}
              state={state}
              empty={series !== null && !hasValues(points)}
              emptyMessage="No month in this range has figures yet: there are no active members with data for it."
              height={200}
            >
              <SetMetricChart
                data={points}
                format={(value) => formatMetric(metric, value, currency)}
                tick={formatTick}
                unit={metricUnit(metric, currency)}
                caption={metricTitle(metric, currency)}
              />
            </ChartCard>
          );
        })}
      </div>
      {query.isError ? <LoadProblem error={query.error} onRetry={() => void query.refetch()} /> : null}
    </AnalyticsSection>
  );
}
