"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { ChartDataTable } from "./chart-data-table";
import { ChartLegend } from "./chart-legend";
import { chartProps } from "./chart-theme";
import { ChartPlot } from "./chart-plot";

export interface LineSeries<K extends string> {
  key: K;
  label: string;
  color: string;
  dashed: boolean;
}

/**
 * Lines over days, the shape the usage charts share: a legend, the chart (hidden from
 * assistive technology) and the same figures as a visually hidden table. Nulls are gaps.
 */
export function DailyLineChart<K extends string, P extends { label: string } & Record<K, number | null>>({
  data,
  series,
  format,
  axis,
  caption,
  height = 200,
}: {
  data: P[];
  series: readonly LineSeries<K>[];
  /** How one value reads, in the tooltip and the table. */
  format: (value: number | null) => string;
  axis: { width: number; unit: string; top?: number; ticks?: number[] };
  caption: string;
  height?: number;
}) {
  const tooltipFormat = (value: unknown) => format(typeof value === "number" ? value : null);
  return (
    <>
      <ChartLegend items={series.map((s) => ({ label: s.label, color: s.color, dashed: s.dashed }))} />
      <ChartPlot height={height}>
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
        </LineChart>
      </ChartPlot>
      <ChartDataTable
        caption={caption}
        columns={["Day", ...series.map((s) => s.label)]}
        rows={data.map((d) => [d.label, ...series.map((s) => format(d[s.key]))])}
      />
    </>
  );
}
