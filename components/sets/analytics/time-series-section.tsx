"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { periodKpisQuery } from "@/lib/listing/kpis/queries";
import { overlayMine } from "@/lib/sets/analytics/mine-series";
import { setAssociatedQuery } from "@/lib/sets/members-queries";
import { useMemo, useState } from "react";
import { setTimeSeriesQuery } from "@/lib/sets/analytics/queries";
import {
  formatMetric,
  formatTick,
  metricTitle,
  metricUnit,
  setMetricLabel,
} from "@/lib/metrics/lexicon-metrics";
import {
  SERIES_RANGE_LABELS,
  SERIES_RANGES,
  seriesRangeQuery,
  type SeriesRange,
} from "@/lib/sets/analytics/ranges";
import { bandHasValues, bandSeries } from "@/lib/metrics/aggregate-series";
import { SET_MEMBER_METRICS, type SetMetric } from "@/lib/svc/schemas/kpi-lexicon";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { ChartCard } from "@/components/charts/chart-card";
import { PercentileBandChart } from "@/components/charts/percentile-band-chart";
import { AnalyticsSection, LoadProblem, loadStateOf } from "@/components/charts/analytics-section";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { MineSeriesNotes } from "@/components/sets/analytics/mine-series-notes";

/** The monthly read's answer (the period query's type covers quarters and years too). */
const monthlyOf = <T extends object>(data: T | undefined) =>
  data && "months" in data ? (data as Extract<T, { months: unknown }>) : null;

export const METRIC_OPTIONS = SET_MEMBER_METRICS.map((value) => ({ value, label: setMetricLabel(value) }));

/**
 * One member metric over time: the members' median and their middle half, with my associated
 * listings' own monthly figures as lines over them (one monthly KPI read per associated
 * listing, the workspace's query, so usually shared with it).
 */
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
  const associated = useQuery(setAssociatedQuery(set.id));
  const mineKpis = useQueries({
    queries: (associated.data ?? []).map((l) => periodKpisQuery(l.svc_id, "monthly")),
  });
  const mineSignature = mineKpis.map((q) => q.dataUpdatedAt).join("|");
  const overlay = useMemo(
    () =>
      rows
        ? overlayMine(
            rows,
            (associated.data ?? []).map((l, i) => ({
              listingId: l.svc_id,
              name: l.name,
              kpis: monthlyOf(mineKpis[i]?.data),
            })),
            metric,
            params.granularity,
            currency,
          )
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `mineSignature` stands for `mineKpis`.
    [rows, associated.data, mineSignature, metric, params.granularity, currency],
  );
  const mineFailed = mineKpis.filter((q) => q.isError);

  return (
    <AnalyticsSection
      title="Time series"
      testId="time-series"
      description="How the set's active members move over time: the line is their median, the band holds the middle half of them (p25 to p75). Your associated listings are the orange lines with dots, on monthly ranges."
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
        {overlay ? (
          <PercentileBandChart
            data={overlay.rows}
            mine={overlay.lines.map((l) => ({ key: l.key, label: `Mine: ${l.name}` }))}
            format={(value) => formatMetric(metric, value, currency)}
            tick={formatTick}
            unit={metricUnit(metric, currency)}
            caption={title}
          />
        ) : null}
      </ChartCard>
      {overlay ? (
        <MineSeriesNotes
          overlay={overlay}
          metricLabel={setMetricLabel(metric)}
          currency={currency}
          associatedCount={associated.data?.length ?? null}
          failedCount={mineFailed.length}
          onRetry={() => mineFailed.forEach((q) => void q.refetch())}
          onMonthly={() => setRange("next-12-months")}
        />
      ) : null}
      {query.isError ? <LoadProblem error={query.error} onRetry={() => void query.refetch()} /> : null}
    </AnalyticsSection>
  );
}
