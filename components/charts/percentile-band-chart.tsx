"use client";

import { Area, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from "recharts";
import type { BandPoint } from "@/lib/sets/analytics/series";
import { ChartDataTable } from "./chart-data-table";
import { ChartLegend } from "./chart-legend";
import { chartProps, setChartColors } from "./chart-theme";

/**
 * The members' spread over time: the middle half (p25 to p75) as a shaded band and the
 * median as a line. Periods without data are gaps in both.
 */
export function PercentileBandChart({
  data,
  format,
  tick,
  unit,
  caption,
  height = 260,
}: {
  data: BandPoint[];
  format: (value: number | null) => string;
  tick: (value: number) => string;
  unit: string;
  caption: string;
  height?: number;
}) {
  const tooltipFormat = (value: unknown) =>
    Array.isArray(value)
      ? `${format(typeof value[0] === "number" ? value[0] : null)} – ${format(typeof value[1] === "number" ? value[1] : null)}`
      : format(typeof value === "number" ? value : null);
  return (
    <>
      <ChartLegend
        items={[
          { label: "Middle half of members (p25–p75)", color: setChartColors.band, bar: true },
          { label: "Median (p50)", color: setChartColors.median },
        ]}
      />
      <div aria-hidden="true">
        <ComposedChart data={data} {...chartProps.frame(height)}>
          <CartesianGrid {...chartProps.grid} />
          <XAxis {...chartProps.xAxis} minTickGap={16} />
          <YAxis {...chartProps.yAxis} width={64} tickFormatter={tick} label={chartProps.yLabel(unit)} />
          <Tooltip {...chartProps.tooltip} formatter={tooltipFormat} />
          <Area
            dataKey="band"
            name="p25–p75"
            stroke="none"
            fill={setChartColors.band}
            fillOpacity={0.9}
            connectNulls={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="p50"
            name="Median"
            stroke={setChartColors.median}
            strokeWidth={2}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </div>
      <ChartDataTable
        caption={caption}
        columns={["Period", "p25", "Median (p50)", "p75", "Mean"]}
        rows={data.map((d) => [d.label, format(d.p25), format(d.p50), format(d.p75), format(d.mean)])}
      />
    </>
  );
}
