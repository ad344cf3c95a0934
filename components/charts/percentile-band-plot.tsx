"use client";

import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { chartProps, setChartColors } from "@/components/charts/chart-theme";
import type { PlotStage } from "@/components/charts/lazy-plot";

export interface PercentileBandPlotProps {
  /** Flat rows: `label`, then `band${i}` and `p50_${i}` per series, and my listings' keys. */
  data: ReadonlyArray<Record<string, string | number | [number, number] | null>>;
  series: ReadonlyArray<{ label: string; line: string; band: string }>;
  /** One series (a set's members) rather than an overlay. */
  single: boolean;
  mine: ReadonlyArray<{ key: string; label: string }>;
  format: (value: number | null) => string;
  tick: (value: number) => string;
  unit: string;
  height: number;
  marker?: { at: string; label: string };
}

function tooltipFormatter(format: (value: number | null) => string) {
  return (value: unknown) =>
    Array.isArray(value)
      ? `${format(typeof value[0] === "number" ? value[0] : null)} – ${format(typeof value[1] === "number" ? value[1] : null)}`
      : format(typeof value === "number" ? value : null);
}

/** The recharts part of `PercentileBandChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function PercentileBandPlot({
  data,
  series,
  single,
  mine,
  format,
  tick,
  unit,
  height,
  marker,
  full,
}: PercentileBandPlotProps & PlotStage) {
  return (
    <ComposedChart data={data} {...chartProps.frame(height)}>
      <CartesianGrid {...chartProps.grid} />
      <XAxis {...chartProps.xAxis} minTickGap={16} />
      <YAxis {...chartProps.yAxis} width={64} tickFormatter={tick} label={chartProps.yLabel(unit)} />
      {full ? (
        <>
          <Tooltip {...chartProps.tooltip} formatter={tooltipFormatter(format)} />
          {series.map((s, i) => (
            <Area
              key={`band-${i}`}
              dataKey={`band${i}`}
              name={single ? "p25–p75" : `${s.label} p25–p75`}
              stroke="none"
              fill={s.band}
              fillOpacity={single ? 0.9 : 0.45}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
          {series.map((s, i) => (
            <Line
              key={`median-${i}`}
              dataKey={`p50_${i}`}
              name={single ? "Median" : `${s.label} median`}
              stroke={s.line}
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
          {mine.map((m, i) => (
            // My listings: the one warm colour, thicker, with dots, the second dashed: never colour alone.
            <Line
              key={m.key}
              dataKey={m.key}
              name={m.label}
              stroke={setChartColors.mine}
              strokeWidth={3}
              strokeDasharray={i % 2 === 1 ? "6 3" : undefined}
              dot={{ r: 3, fill: setChartColors.mine }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
          {marker ? (
            <ReferenceLine
              x={marker.at}
              stroke="var(--chart-axis)"
              strokeDasharray="4 3"
              // Inside, to the line's left: the last period's marker would lose its label past the edge.
              label={{
                value: marker.label,
                position: "insideTopRight",
                fill: "var(--chart-ink-soft)",
                fontSize: 12,
              }}
            />
          ) : null}
        </>
      ) : null}
    </ComposedChart>
  );
}
