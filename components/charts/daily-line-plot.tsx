"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { chartProps } from "@/components/charts/chart-theme";
import type { PlotStage } from "@/components/charts/lazy-plot";

export interface LineSeries<K extends string> {
  key: K;
  label: string;
  color: string;
  dashed: boolean;
}

export interface DailyLinePlotProps {
  data: ReadonlyArray<{ label: string }>;
  series: readonly LineSeries<string>[];
  format: (value: number | null) => string;
  axis: { width: number; unit: string; top?: number; ticks?: number[] };
  height: number;
}

/** The recharts part of `DailyLineChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function DailyLinePlot({
  data,
  series,
  format,
  axis,
  height,
  full,
}: DailyLinePlotProps & PlotStage) {
  const tooltipFormat = (value: unknown) => format(typeof value === "number" ? value : null);
  return (
    <LineChart data={data} {...chartProps.frame(height)}>
      <CartesianGrid {...chartProps.grid} />
      <XAxis {...chartProps.xAxis} padding={{ left: 16, right: 16 }} />
      <YAxis
        {...chartProps.yAxis}
        width={axis.width}
        domain={axis.top === undefined ? undefined : [0, axis.top]}
        ticks={axis.ticks}
        tickFormatter={(v: number) => `${v}${axis.unit}`}
      />
      {full ? (
        <>
          <Tooltip {...chartProps.tooltip} formatter={tooltipFormat} />
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
        </>
      ) : null}
    </LineChart>
  );
}
