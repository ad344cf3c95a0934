"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { HistoryPoint } from "@/lib/listing/records/base-price-display";
import { formatAmount } from "@/lib/format/money";
import { formatDayLong } from "@/lib/format/dates";
import { ChartDataTable } from "../../charts/chart-data-table";
import { ChartLegend } from "../../charts/chart-legend";
import { chartProps } from "../../charts/chart-theme";
import { ChartPlot } from "../../charts/chart-plot";

const SERIES = [
  { key: "recommended", label: "Recommended base price", color: "var(--chart-brand)", dashed: true },
  { key: "effective", label: "Base price in use", color: "var(--chart-ink)", dashed: false },
] as const;

/**
 * The daily recommended and effective base prices. The y axis fits the prices (not from 0),
 * so a move of a few units shows; a day without figures is a gap. The chart is hidden from
 * assistive technology and the same figures follow as a table.
 */
export function BasePriceHistoryChart({
  data,
  currency,
  height = 240,
}: {
  data: HistoryPoint[];
  currency: string;
  height?: number;
}) {
  const format = (value: unknown) => formatAmount(typeof value === "number" ? value : null, currency);
  const dots = data.length <= 45;
  return (
    <>
      <ChartLegend items={SERIES.map((s) => ({ label: s.label, color: s.color, dashed: s.dashed }))} />
      <ChartPlot height={height}>
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
          <Tooltip {...chartProps.tooltip} formatter={format} />
          {SERIES.map((s) => (
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
        </LineChart>
      </ChartPlot>
      <ChartDataTable
        caption={`Daily base prices in ${currency}`}
        columns={["Day", ...SERIES.map((s) => s.label)]}
        rows={data.map((d) => [formatDayLong(d.date), format(d.recommended), format(d.effective)])}
      />
    </>
  );
}
