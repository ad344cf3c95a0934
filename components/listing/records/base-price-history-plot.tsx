"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { HistoryPoint } from "@/lib/listing/records/base-price-display";
import { formatAmount } from "@/lib/format/money";
import { chartProps } from "@/components/charts/chart-theme";
import type { PlotStage } from "@/components/charts/lazy-plot";

export interface BasePriceHistoryPlotProps {
  data: HistoryPoint[];
  series: ReadonlyArray<{ key: "recommended" | "effective"; label: string; color: string; dashed: boolean }>;
  currency: string;
  height: number;
}

/** The recharts part of `BasePriceHistoryChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function BasePriceHistoryPlot({
  data,
  series,
  currency,
  height,
  full,
}: BasePriceHistoryPlotProps & PlotStage) {
  const format = (value: unknown) => formatAmount(typeof value === "number" ? value : null, currency);
  const dots = data.length <= 45;
  return (
    <LineChart data={data} {...chartProps.frame(height)}>
      <CartesianGrid {...chartProps.grid} />
      <XAxis {...chartProps.xAxis} minTickGap={24} />
      <YAxis
        {...chartProps.yAxis}
        width={64}
        // Fitted to the prices with some room, so a small move shows without filling the plot.
        domain={[(min: number) => Math.floor(min * 0.95), (max: number) => Math.ceil(max * 1.05)]}
        tickFormatter={(v: number) => formatAmount(v, currency)}
      />
      {full ? (
        <>
          <Tooltip {...chartProps.tooltip} formatter={format} />
          {series.map((s) => (
            <Line
              key={s.key}
              type="stepAfter"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? "5 4" : undefined}
              dot={dots ? { r: 2, fill: s.color, strokeDasharray: "0" } : false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </>
      ) : null}
    </LineChart>
  );
}
