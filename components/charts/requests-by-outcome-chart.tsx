"use client";

import type { OutcomePoint } from "@/lib/usage/series";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend } from "@/components/charts/chart-legend";
import { chartColors } from "@/components/charts/chart-theme";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";

const series = [
  { key: "succeeded", label: "Succeeded", color: chartColors.succeeded },
  { key: "otherErrors", label: "Other errors", color: chartColors.otherErrors },
  { key: "rateLimited", label: "429 rate limited", color: chartColors.rateLimited },
] as const;

const RequestsByOutcomePlot = lazyPlot(() => import("@/components/charts/requests-by-outcome-plot"));

/**
 * Requests per day, stacked by outcome: the parts add up to the day's requests, and 429s are
 * their own red segment on top rather than hidden among the other errors.
 */
export function RequestsByOutcomeChart({ data, height = 240 }: { data: OutcomePoint[]; height?: number }) {
  return (
    <>
      <ChartLegend items={series.map((s) => ({ label: s.label, color: s.color, bar: true }))} />
      <ChartPlot height={height} plot={RequestsByOutcomePlot} props={{ data, series, height }} />
      <ChartDataTable
        caption="Requests by day and outcome"
        columns={["Day", "Requests", "Succeeded", "Other errors", "429 rate limited"]}
        rows={data.map((d) => [d.label, d.requests, d.succeeded, d.otherErrors, d.rateLimited])}
      />
    </>
  );
}
