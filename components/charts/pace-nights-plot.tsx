"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "@/lib/format/numbers";
import { chartProps } from "@/components/charts/chart-theme";
import type { PlotStage } from "@/components/charts/lazy-plot";

export interface PaceNightsPoint {
  label: string;
  otb: number;
  stly: number;
  final: number;
}

export interface PaceNightsPlotProps {
  data: PaceNightsPoint[];
  series: ReadonlyArray<{ key: keyof Omit<PaceNightsPoint, "label">; label: string; color: string }>;
  height: number;
}

/** The recharts part of `PaceNightsChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function PaceNightsPlot({ data, series, height, full }: PaceNightsPlotProps & PlotStage) {
  return (
    <BarChart data={data} {...chartProps.frame(height)}>
      <CartesianGrid {...chartProps.grid} />
      <XAxis {...chartProps.xAxis} minTickGap={8} />
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
              fill={s.color}
              isAnimationActive={false}
              maxBarSize={28}
            />
          ))}
        </>
      ) : null}
    </BarChart>
  );
}
