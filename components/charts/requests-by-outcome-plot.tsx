"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { OutcomePoint } from "@/lib/usage/series";
import { formatCount } from "@/lib/usage/series";
import { axisTick, gridStroke } from "./chart-theme";

export interface RequestsByOutcomePlotProps {
  data: OutcomePoint[];
  series: ReadonlyArray<{ key: string; label: string; color: string }>;
  height: number;
}

/** The recharts part of `RequestsByOutcomeChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function RequestsByOutcomePlot({ data, series, height }: RequestsByOutcomePlotProps) {
  return (
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
  );
}
