"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { setTimeSeriesQuery } from "@/lib/sets/analytics/queries";
import {
  formatMetric,
  formatTick,
  metricTitle,
  metricUnit,
  setMetricLabel,
} from "@/lib/sets/analytics/metrics";
import {
  SERIES_RANGE_LABELS,
  SERIES_RANGES,
  seriesRangeQuery,
  type SeriesRange,
} from "@/lib/sets/analytics/ranges";
import { bandHasValues, bandSeries } from "@/lib/sets/analytics/series";
import { SET_MEMBER_METRICS, type SetMetric } from "@/lib/svc/schemas/set-analytics";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { ChartCard } from "../../charts/chart-card";
import { PercentileBandChart } from "../../charts/percentile-band-chart";
import { AnalyticsSection, LoadProblem, loadStateOf } from "./analytics-section";
import { LabelledSelect } from "./metric-select";

export const METRIC_OPTIONS = SET_MEMBER_METRICS.map((value) => ({ value, label: setMetricLabel(value) }));

/** One member metric over time: the members' median and their middle half. */
export function TimeSeriesSection({ set }: { set: SetRecord }) {
  const [metric, setMetric] = useState<SetMetric>("adr");
  const [range, setRange] = useState<SeriesRange>("next-90");
  const params = useMemo(() => ({ metric, ...seriesRangeQuery(range) }), [metric, range]);
  const query = useQuery(setTimeSeriesQuery(set, params));
  const state = loadStateOf(query);
  const currency = query.data?.currency ?? set.currency;
  const rows = useMemo(
    () => (query.data ? bandSeries(query.data.points, params.granularity) : null),
    [query.data, params.granularity],
  );
  const title = `${metricTitle(metric, currency)}, ${SERIES_RANGE_LABELS[range].toLowerCase()}`;

  return (
    <AnalyticsSection
      title="Time series"
      testId="time-series"
      description="How the set's active members move over time: the line is their median, the band holds the middle half of them (p25 to p75)."
      controls={
        <>
          <LabelledSelect label="Metric" value={metric} options={METRIC_OPTIONS} onChange={setMetric} />
          <LabelledSelect
            label="Period"
            value={range}
            options={SERIES_RANGES.map((value) => ({ value, label: SERIES_RANGE_LABELS[value] }))}
            onChange={setRange}
          />
        </>
      }
    >
      <ChartCard
        title={title}
        state={state}
        empty={rows !== null && !bandHasValues(rows)}
        emptyMessage={`No active member has ${setMetricLabel(metric)} figures for this period yet.`}
        height={260}
      >
        {rows ? (
          <PercentileBandChart
            data={rows}
            format={(value) => formatMetric(metric, value, currency)}
            tick={formatTick}
            unit={metricUnit(metric, currency)}
            caption={title}
          />
        ) : null}
      </ChartCard>
      {query.isError ? <LoadProblem error={query.error} onRetry={() => void query.refetch()} /> : null}
    </AnalyticsSection>
  );
}
