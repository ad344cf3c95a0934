"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatPercent } from "@/lib/format/numbers";
import { chartProps } from "@/components/charts/chart-theme";
import type { PlotStage } from "@/components/charts/lazy-plot";

/** One point of the curve: days before the stay, each year's share of its nights (%), null where not known yet. */
export interface BookingCurvePoint {
  days: number;
  thisYear: number | null;
  lastYear: number | null;
}

export interface BookingCurvePlotProps {
  data: readonly BookingCurvePoint[];
  series: ReadonlyArray<{ key: "thisYear" | "lastYear"; label: string; color: string; dashed: boolean }>;
  height: number;
}

/** Ticks where revenue managers read a curve: a year, six months, a quarter, two months, a month, the stay. */
const DAY_TICKS = [365, 270, 180, 90, 60, 30, 0];

/** The recharts part of `BookingCurveChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function BookingCurvePlot({ data, series, height, full }: BookingCurvePlotProps & PlotStage) {
  return (
    <LineChart data={data as BookingCurvePoint[]} {...chartProps.frame(height, 8)}>
      <CartesianGrid {...chartProps.grid} />
      {/* Days before the stay run down to the stay, left to right: a year out first. */}
      <XAxis
        {...chartProps.xAxis}
        dataKey="days"
        type="number"
        domain={[0, 365]}
        reversed
        ticks={DAY_TICKS}
        tickFormatter={(d: number) => (d === 0 ? "Stay" : `${d}d`)}
      />
      <YAxis
        {...chartProps.yAxis}
        domain={[0, 100]}
        ticks={[0, 25, 50, 75, 100]}
        width={44}
        tickFormatter={(v: number) => `${v}%`}
      />
      {full ? (
        <>
          <Tooltip
            {...chartProps.tooltip}
            labelFormatter={(d) => (d === 0 ? "The night itself" : `${String(d)} days before`)}
            formatter={(value) => (typeof value === "number" ? formatPercent(value, { maxDigits: 1 }) : "—")}
          />
          {series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? "5 4" : undefined}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </>
      ) : null}
    </LineChart>
  );
}
