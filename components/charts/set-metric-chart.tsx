"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { ChartDataTable } from "./chart-data-table";
import { chartProps, setChartColors } from "./chart-theme";

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
        <BarChart data={data} {...chartProps.frame(height)}>
          <CartesianGrid {...chartProps.grid} />
          <XAxis {...chartProps.xAxis} minTickGap={8} />
          <YAxis {...chartProps.yAxis} width={64} tickFormatter={tick} label={chartProps.yLabel(unit)} />
          <Tooltip
            {...chartProps.barTooltip}
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
