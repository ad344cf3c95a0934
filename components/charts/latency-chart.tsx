"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { LatencyPoint } from "@/lib/usage-series";
import { formatMs } from "@/lib/usage-series";
import { ChartDataTable } from "./chart-data-table";
import { ChartLegend } from "./chart-legend";
import { axisTick, chartColors, gridStroke } from "./chart-theme";

const series = [
  { key: "p50", label: "p50", color: chartColors.p50, dashed: false },
  { key: "p95", label: "p95", color: chartColors.p95, dashed: false },
  { key: "p99", label: "p99", color: chartColors.p99, dashed: true },
] as const;

const ms = (v: unknown) => formatMs(typeof v === "number" ? v : null);

/** Response-time percentiles per day, in ms; days without requests are gaps. */
export function LatencyChart({ data, height = 200 }: { data: LatencyPoint[]; height?: number }) {
  return (
    <>
      <ChartLegend items={series.map((s) => ({ label: s.label, color: s.color, dashed: s.dashed }))} />
      <div aria-hidden="true">
        <LineChart
          data={data}
          responsive
          style={{ width: "100%", height }}
          margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={gridStroke} vertical={false} />
          <XAxis
            dataKey="label"
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: gridStroke }}
            padding={{ left: 16, right: 16 }}
          />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={56}
            tickFormatter={(v: number) => `${v} ms`}
          />
          <Tooltip isAnimationActive={false} formatter={(value) => ms(value)} />
          {series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? "5 4" : undefined}
              dot={{ r: 3, fill: s.color, strokeDasharray: "0" }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </div>
      <ChartDataTable
        caption="Latency by day"
        columns={["Day", "p50", "p95", "p99"]}
        rows={data.map((d) => [d.label, ms(d.p50), ms(d.p95), ms(d.p99)])}
      />
    </>
  );
}
