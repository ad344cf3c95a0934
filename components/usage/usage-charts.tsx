"use client";

import { useMemo } from "react";
import type { UsageReport } from "@/lib/svc/schemas/usage";
import { errorRateSeries, latencySeries, outcomeSeries } from "@/lib/usage/series";
import { ChartCard, type LoadState } from "@/components/charts/chart-card";
import { ErrorRateChart } from "@/components/charts/error-rate-chart";
import { LatencyChart } from "@/components/charts/latency-chart";
import { RequestsByOutcomeChart } from "@/components/charts/requests-by-outcome-chart";

/** The report's days as three charts: volume by outcome, error rate, latency. */
export function UsageCharts({ report, state }: { report: UsageReport | undefined; state: LoadState }) {
  const days = report?.by_day;
  const series = useMemo(
    () =>
      days
        ? { outcomes: outcomeSeries(days), rates: errorRateSeries(days), latency: latencySeries(days) }
        : null,
    [days],
  );
  const empty = (report?.totals.requests ?? 0) === 0;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Requests by day"
        description="Stacked by outcome: succeeded, other errors, and 429s (rate limited) in red."
        state={state}
        empty={empty}
        height={240}
        className="lg:col-span-2"
      >
        {series ? <RequestsByOutcomeChart data={series.outcomes} height={240} /> : null}
      </ChartCard>
      <ChartCard
        title="Error rate"
        description="Share of each day's requests answered with status 400 or above."
        state={state}
        empty={empty}
        height={200}
      >
        {series ? <ErrorRateChart data={series.rates} height={200} /> : null}
      </ChartCard>
      <ChartCard
        title="Latency"
        description="Response time percentiles per day, in milliseconds."
        state={state}
        empty={empty}
        height={200}
      >
        {series ? <LatencyChart data={series.latency} height={200} /> : null}
      </ChartCard>
    </div>
  );
}
