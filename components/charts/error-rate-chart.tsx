"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { ErrorRatePoint } from "@/lib/usage-series";
import { formatPercent, percentAxis } from "@/lib/usage-series";
import { ChartDataTable } from "./chart-data-table";
import { ChartLegend } from "./chart-legend";
import { axisTick, chartColors, gridStroke } from "./chart-theme";

const series = [
  { key: "errorRate", label: "All errors", color: chartColors.errorRate, dashed: false },
  { key: "rateLimitedRate", label: "429s", color: chartColors.rateLimited, dashed: true },
] as const;

const pct = (v: unknown) => (typeof v === "number" ? formatPercent(v) : "—");

/** Errors as a percent of each day's requests; days without requests are gaps, not 0 %. */
export function ErrorRateChart({ data, height = 200 }: { data: ErrorRatePoint[]; height?: number }) {
  const axis = percentAxis(data);
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
            width={48}
            domain={[0, axis.top]}
            ticks={axis.ticks}
            tickFormatter={(v: number) => `${v}%`}
          />
          <Tooltip isAnimationActive={false} formatter={(value) => pct(value)} />
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
        caption="Error rate by day"
        columns={["Day", "All errors", "429s"]}
        rows={data.map((d) => [d.label, pct(d.errorRate), pct(d.rateLimitedRate)])}
      />
    </>
  );
}
