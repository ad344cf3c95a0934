"use client";

import type { ErrorRatePoint } from "@/lib/usage/series";
import { formatPercent, percentAxis } from "@/lib/usage/series";
import { chartColors } from "@/components/charts/chart-theme";
import { DailyLineChart } from "@/components/charts/daily-line-chart";

const series = [
  { key: "errorRate", label: "All errors", color: chartColors.errorRate, dashed: false },
  { key: "rateLimitedRate", label: "429s", color: chartColors.rateLimited, dashed: true },
] as const;

/** Errors as a percent of each day's requests; days without requests are gaps, not 0 %. */
export function ErrorRateChart({ data, height = 200 }: { data: ErrorRatePoint[]; height?: number }) {
  const axis = percentAxis(data);
  return (
    <DailyLineChart
      data={data}
      series={series}
      format={formatPercent}
      axis={{ width: 48, unit: "%", top: axis.top, ticks: axis.ticks }}
      caption="Error rate by day"
      height={height}
    />
  );
}
