"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Tooltip,
  XAxis,
  YAxis,
  ZIndexLayer,
  DefaultZIndexes,
  usePlotArea,
  useXAxisScale,
} from "recharts";
import type { HistogramBar } from "@/lib/metrics/distribution";
import { chartProps, percentileColors, setChartColors } from "@/components/charts/chart-theme";
import type { PlotStage } from "@/components/charts/lazy-plot";

/**
 * Percentiles and my own values drawn on the histogram. With them the bars stand on a value
 * axis (each bar spans its bucket), so a percentile or a value falls at its exact place.
 */
export interface DistributionMarks {
  /** "p10" … "p90", in order. */
  percentiles: ReadonlyArray<{ label: string; value: number }>;
  /** My listings' own values (placed as dots on the axis). */
  mine: ReadonlyArray<{ name: string; value: number }>;
  /** Ticks of the value axis and its unit ("USD", "%"). */
  tick: (value: number) => string;
  unit: string;
  format: (value: number) => string;
}

const percentileStyle = (label: string) =>
  label === "p50"
    ? { stroke: percentileColors.median, strokeWidth: 2, strokeDasharray: undefined }
    : label === "p25" || label === "p75"
      ? { stroke: percentileColors.quartile, strokeWidth: 1.5, strokeDasharray: "5 3" }
      : { stroke: percentileColors.decile, strokeWidth: 1, strokeDasharray: "2 3" };

/**
 * The percentile lines and my dots, drawn in one layer from the chart's own scale: one
 * component where a ReferenceLine or ReferenceDot each would register with the chart's store
 * and cost it a pass (the market benchmark measured the difference).
 */
function MarksLayer({ marks }: { marks: DistributionMarks }) {
  const x = useXAxisScale();
  const area = usePlotArea();
  if (!x || !area) return null;
  const bottom = area.y + area.height;
  // Over the bars, as reference lines and dots would be.
  return (
    <ZIndexLayer zIndex={DefaultZIndexes.scatter}>
      <g className="distribution-marks">
        {marks.percentiles.map((p) => {
          const px = x(p.value);
          if (px === undefined) return null;
          return (
            <g key={p.label} className="distribution-percentile">
              <line x1={px} x2={px} y1={area.y} y2={bottom} fill="none" {...percentileStyle(p.label)} />
              <text x={px} y={area.y - 6} textAnchor="middle" fontSize={11} fill="var(--chart-ink-soft)">
                {p.label}
              </text>
            </g>
          );
        })}
        {marks.mine.map((m, i) => {
          const px = x(m.value);
          if (px === undefined) return null;
          return (
            <circle
              key={`${m.name}-${i}`}
              className="distribution-mine"
              cx={px}
              cy={bottom}
              r={5}
              fill={setChartColors.mine}
              stroke="var(--chart-surface)"
              strokeWidth={1.5}
            />
          );
        })}
      </g>
    </ZIndexLayer>
  );
}

export interface DistributionPlotProps {
  bars: HistogramBar[];
  formatRange: (lower: number, upper: number) => string;
  height: number;
  countLabel: string;
  /** The bars' name in the tooltip ("Members"). */
  counted: string;
  marks?: DistributionMarks;
}

/** The recharts part of `DistributionChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function DistributionPlot({
  bars,
  formatRange,
  height,
  countLabel,
  counted,
  marks,
  full,
}: DistributionPlotProps & PlotStage) {
  const data = bars.map((bar) => ({
    label: formatRange(bar.lower, bar.upper),
    mid: (bar.lower + bar.upper) / 2,
    count: bar.count,
    mine: bar.mine.length,
    mineLabel: bar.mine.length > 0 ? `${bar.mine.length} of yours` : "",
  }));
  const values = marks ? [...bars.flatMap((b) => [b.lower, b.upper]), ...marks.mine.map((m) => m.value)] : [];
  const domain: [number, number] = values.length > 0 ? [Math.min(...values), Math.max(...values)] : [0, 1];
  const edges = bars.length > 0 ? [bars[0]!.lower, ...bars.map((b) => b.upper)] : [];

  const bar = (
    <Bar dataKey="count" name={counted} isAnimationActive={false}>
      {data.map((d) => (
        <Cell key={d.label} fill={d.mine > 0 && !marks ? setChartColors.mine : setChartColors.members} />
      ))}
      <LabelList dataKey="mineLabel" position="top" fill={setChartColors.mine} fontSize={12} />
    </Bar>
  );

  return (
    <BarChart data={data} {...chartProps.frame(height, 20)} barCategoryGap={marks ? 1 : "10%"}>
      <CartesianGrid {...chartProps.grid} />
      {marks ? (
        <XAxis
          {...chartProps.xAxis}
          dataKey="mid"
          type="number"
          domain={domain}
          ticks={edges}
          tickFormatter={marks.tick}
          minTickGap={4}
          allowDataOverflow
        />
      ) : (
        <XAxis {...chartProps.xAxis} minTickGap={4} />
      )}
      <YAxis {...chartProps.yAxis} allowDecimals={false} width={48} label={chartProps.yLabel(countLabel)} />
      {full ? (
        <>
          <Tooltip
            {...chartProps.barTooltip}
            labelFormatter={
              marks ? (_: unknown, payload) => String(payload?.[0]?.payload?.label ?? "") : undefined
            }
          />
          {bar}
          {marks ? <MarksLayer marks={marks} /> : null}
        </>
      ) : null}
    </BarChart>
  );
}
