"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatPercent } from "@/lib/format/numbers";
import { chartProps } from "@/components/charts/chart-theme";
import type { PlotStage } from "@/components/charts/lazy-plot";

/** One bucket: each year's share of its own reservations (%), and the reservations behind it. */
export interface HistogramPoint {
  label: string;
  thisYear: number;
  lastYear: number;
  thisYearCount: number;
  lastYearCount: number;
}

export interface BookingWindowHistogramPlotProps {
  data: readonly HistogramPoint[];
  series: ReadonlyArray<{ key: "thisYear" | "lastYear"; label: string; color: string }>;
  height: number;
}

const shortLabel = (label: string) => label.replace(/ nights or more$/, "+").replace(/ (days?|nights?)$/, "");

/** The recharts part of `BookingWindowHistogram`, fetched on the plot's turn (lazy-plot.ts). */
export default function BookingWindowHistogramPlot({
  data,
  series,
  height,
  full,
}: BookingWindowHistogramPlotProps & PlotStage) {
  return (
    <BarChart data={data as HistogramPoint[]} {...chartProps.frame(height, 8)}>
      <CartesianGrid {...chartProps.grid} />
      {/* The unit is in the chart's heading: "15–30", "Over 365", "28+" fit under a bar pair. */}
      <XAxis {...chartProps.xAxis} minTickGap={4} tickFormatter={shortLabel} />
      <YAxis {...chartProps.yAxis} width={44} tickFormatter={(v: number) => `${v}%`} />
      {full ? (
        <>
          <Tooltip
            {...chartProps.barTooltip}
            formatter={(value, name, item) => {
              const point = item.payload as HistogramPoint;
              const count = name === series[0]?.label ? point.thisYearCount : point.lastYearCount;
              return typeof value === "number"
                ? `${formatPercent(value, { maxDigits: 1 })} (${count} reservations)`
                : String(value);
            }}
          />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              isAnimationActive={false}
              maxBarSize={24}
            />
          ))}
        </>
      ) : null}
    </BarChart>
  );
}
