"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { readNotice } from "@/lib/queries/pages";
import { portfolioMetricQuery, setDistributionQuery } from "@/lib/sets/analytics/queries";
import { setAssociatedQuery } from "@/lib/sets/members-queries";
import { WINDOW_LABELS, histogram, myListingValues } from "@/lib/metrics/distribution";
import { formatMetric, metricTitle, setMetricLabel } from "@/lib/metrics/lexicon-metrics";
import { MEMBER_METRIC_WINDOWS, type MetricWindow, type SetMetric } from "@/lib/svc/schemas/kpi-lexicon";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { ChartCard } from "@/components/charts/chart-card";
import { DistributionChart } from "@/components/charts/distribution-chart";
import { ListNotice } from "@/components/ui/list-notice";
import { AnalyticsSection, LoadProblem, loadStateOf } from "@/components/charts/analytics-section";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { MyListingsPlacement } from "@/components/sets/analytics/my-listings-placement";
import { METRIC_OPTIONS } from "@/components/sets/analytics/time-series-section";

const WINDOW_OPTIONS = MEMBER_METRIC_WINDOWS.map((value) => ({ value, label: WINDOW_LABELS[value] }));

/**
 * How the members' values of one metric spread, and where my associated listings stand. The
 * distribution names members only (my listings are never members), so my listings' own values
 * come from the portfolio ranking for the same metric, window and currency: one request.
 */
export function DistributionSection({ set }: { set: SetRecord }) {
  const [metric, setMetric] = useState<SetMetric>("adr");
  const [period, setPeriod] = useState<MetricWindow>("30_0");
  const distribution = useQuery(setDistributionQuery(set, { metric, window: period }));
  const associated = useQuery(setAssociatedQuery(set.id));
  const currency = distribution.data?.currency ?? set.currency;
  const wanted = useMemo(() => (associated.data ?? []).map((l) => l.svc_id), [associated.data]);
  const mineValues = useQuery(portfolioMetricQuery({ metric, window: period, currency }, wanted));
  // The same query observed for its notice only: no second request.
  const mineNotice = useQuery({
    ...portfolioMetricQuery({ metric, window: period, currency }, wanted),
    select: readNotice,
  }).data;

  const mine = useMemo(
    () => (associated.data && mineValues.data ? myListingValues(associated.data, mineValues.data) : []),
    [associated.data, mineValues.data],
  );
  const result = useMemo(
    () => (distribution.data ? histogram(distribution.data, mine) : null),
    [distribution.data, mine],
  );
  const title = `${metricTitle(metric, currency)}, ${WINDOW_LABELS[period].toLowerCase()}`;
  const format = (value: number | null) => formatMetric(metric, value, currency);

  return (
    <AnalyticsSection
      title="Distribution"
      testId="distribution"
      description="How many of the set's active members fall in each range of values. Ranges holding one of your associated listings are marked."
      controls={
        <>
          <LabelledSelect label="Metric" value={metric} options={METRIC_OPTIONS} onChange={setMetric} />
          <LabelledSelect label="Window" value={period} options={WINDOW_OPTIONS} onChange={setPeriod} />
        </>
      }
    >
      <ChartCard
        title={title}
        state={loadStateOf(distribution)}
        empty={result !== null && result.bars.length === 0}
        emptyMessage={`No active member has a ${setMetricLabel(metric)} figure for the ${WINDOW_LABELS[period].toLowerCase()} yet.`}
        height={240}
      >
        {result ? (
          <DistributionChart
            bars={result.bars}
            formatRange={(lower, upper) => `${format(lower)} – ${format(upper)}`}
            caption={title}
          />
        ) : null}
      </ChartCard>
      {distribution.isError ? (
        <LoadProblem error={distribution.error} onRetry={() => void distribution.refetch()} />
      ) : null}
      <ListNotice notice={mineNotice} />
      <MyListingsPlacement
        associated={associated}
        values={mineValues}
        result={result}
        format={format}
        percentiles={distribution.data?.percentiles ?? null}
      />
    </AnalyticsSection>
  );
}
