"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { OutcomePoint } from "@/lib/usage/series";
import { formatCount } from "@/lib/usage/series";
import { chartProps } from "@/components/charts/chart-theme";
import type { PlotStage } from "@/components/charts/lazy-plot";

export interface RequestsByOutcomePlotProps {
  data: OutcomePoint[];
  series: ReadonlyArray<{ key: string; label: string; color: string }>;
  height: number;
}

/** The recharts part of `RequestsByOutcomeChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function RequestsByOutcomePlot({
  data,
  series,
  height,
  full,
}: RequestsByOutcomePlotProps & PlotStage) {
  return (
    <BarChart data={data} {...chartProps.frame(height)}>
      <CartesianGrid {...chartProps.grid} />
      <XAxis {...chartProps.xAxis} />
      <YAxis {...chartProps.yAxis} allowDecimals={false} width={48} />
      {full ? (
        <>
          <Tooltip
            {...chartProps.barTooltip}
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
        </>
      ) : null}
    </BarChart>
  );
}
