"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { OutcomePoint } from "@/lib/usage/series";
import { formatCount } from "@/lib/usage/series";
import { ChartDataTable } from "./chart-data-table";
import { ChartLegend } from "./chart-legend";
import { axisTick, chartColors, gridStroke } from "./chart-theme";
import { ChartPlot } from "./chart-plot";

const series = [
  { key: "succeeded", label: "Succeeded", color: chartColors.succeeded },
  { key: "otherErrors", label: "Other errors", color: chartColors.otherErrors },
  { key: "rateLimited", label: "429 rate limited", color: chartColors.rateLimited },
] as const;

/**
 * Requests per day, stacked by outcome: the parts add up to the day's requests, and 429s are
 * their own red segment on top rather than hidden among the other errors.
 */
export function RequestsByOutcomeChart({ data, height = 240 }: { data: OutcomePoint[]; height?: number }) {
  return (
    <>
      <ChartLegend items={series.map((s) => ({ label: s.label, color: s.color, bar: true }))} />
      <ChartPlot height={height}>
        <BarChart
          data={data}
          responsive
          style={{ width: "100%", height }}
          margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={gridStroke} vertical={false} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: gridStroke }} />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            isAnimationActive={false}
            cursor={{ fill: "var(--chart-cursor)" }}
            formatter={(value) => (typeof value === "number" ? formatCount(value) : String(value))}
          />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stackId="outcome"
              fill={s.color}
              isAnimationActive={false}
              maxBarSize={56}
            />
          ))}
        </BarChart>
      </ChartPlot>
      <ChartDataTable
        caption="Requests by day and outcome"
        columns={["Day", "Requests", "Succeeded", "Other errors", "429 rate limited"]}
        rows={data.map((d) => [d.label, d.requests, d.succeeded, d.otherErrors, d.rateLimited])}
      />
    </>
  );
}
