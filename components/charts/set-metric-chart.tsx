"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { ChartDataTable } from "./chart-data-table";
import { axisTick, gridStroke } from "./chart-theme";
import { setChartColors } from "./set-chart-theme";

export interface MetricBarPoint {
  label: string;
  value: number | null;
}

/**
 * One metric per month as bars. A month without data has no bar (and reads "No data yet" in
 * the table), never a bar at 0. The unit (a currency, %) is written on the axis.
 */
export function SetMetricChart({
  data,
  format,
  tick,
  unit,
  caption,
  height = 200,
}: {
  data: MetricBarPoint[];
  /** One value in words, with its unit: tooltip and table. */
  format: (value: number | null) => string;
  /** A short axis tick. */
  tick: (value: number) => string;
  /** Written beside the axis: "USD", "%". */
  unit: string;
  caption: string;
  height?: number;
}) {
  return (
    <>
      <div aria-hidden="true">
        <BarChart
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
            minTickGap={8}
          />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={64}
            tickFormatter={tick}
            label={{ value: unit, angle: -90, position: "insideLeft", fill: "#475569", fontSize: 12 }}
          />
          <Tooltip
            isAnimationActive={false}
            cursor={{ fill: "#f1f5f9" }}
            formatter={(value) => format(typeof value === "number" ? value : null)}
          />
          <Bar
            dataKey="value"
            name={caption}
            fill={setChartColors.bar}
            isAnimationActive={false}
            maxBarSize={40}
          />
        </BarChart>
      </div>
      <ChartDataTable
        caption={caption}
        columns={["Month", caption]}
        rows={data.map((d) => [d.label, format(d.value)])}
      />
    </>
  );
}
