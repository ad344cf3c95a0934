"use client";

import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend } from "@/components/charts/chart-legend";
import { paceChartColors } from "@/components/charts/chart-theme";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";
import type { PaceNightsPoint } from "@/components/charts/pace-nights-plot";

const series = [
  { key: "otb", label: "On the books", color: paceChartColors.otb },
  { key: "stly", label: "Same time last year", color: paceChartColors.stly },
  { key: "final", label: "Last year final", color: paceChartColors.final },
] as const;

const PaceNightsPlot = lazyPlot(() => import("@/components/charts/pace-nights-plot"));

/**
 * Nights per stay period: on the books now beside the same time last year and last year's
 * final, so the gap still to fill reads at a glance; the table beside carries the figures.
 */
export function PaceNightsChart({ data, height = 220 }: { data: PaceNightsPoint[]; height?: number }) {
  return (
    <>
      <ChartLegend items={series.map((s) => ({ label: s.label, color: s.color, bar: true }))} />
      <ChartPlot height={height} testId="pace-chart" plot={PaceNightsPlot} props={{ data, series, height }} />
      <ChartDataTable
        caption="Nights by stay period"
        columns={["Period", "On the books", "Same time last year", "Last year final"]}
        rows={data.map((d) => [d.label, d.otb, d.stly, d.final])}
      />
    </>
  );
}
