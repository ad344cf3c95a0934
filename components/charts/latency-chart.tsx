"use client";

import type { LatencyPoint } from "@/lib/usage/series";
import { formatLatency } from "@/lib/format/durations";
import { chartColors } from "@/components/charts/chart-theme";
import { DailyLineChart } from "@/components/charts/daily-line-chart";

const series = [
  { key: "p50", label: "p50", color: chartColors.p50, dashed: false },
  { key: "p95", label: "p95", color: chartColors.p95, dashed: false },
  { key: "p99", label: "p99", color: chartColors.p99, dashed: true },
] as const;

/** Response-time percentiles per day, in ms; days without requests are gaps. */
export function LatencyChart({ data, height = 200 }: { data: LatencyPoint[]; height?: number }) {
  return (
    <DailyLineChart
      data={data}
      series={series}
      format={formatLatency}
      axis={{ width: 56, unit: " ms" }}
      caption="Latency by day"
      height={height}
    />
  );
}
