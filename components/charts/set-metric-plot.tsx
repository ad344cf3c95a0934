"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { PHASE_LABELS, type KpiPhase } from "@/lib/metrics/kpi-series";
import { chartProps, setChartColors } from "@/components/charts/chart-theme";
import { hatchFill, PHASE_COLORS } from "@/components/charts/period-phases";
import type { PlotStage } from "@/components/charts/lazy-plot";

export interface MetricBarPoint {
  label: string;
  value: number | null;
  /**
   * Where the month stands against today. Given on every point, past months are solid and
   * forward months (only what is on the books) hatched, with a legend; left out, one colour.
   */
  phase?: KpiPhase;
}

export interface SetMetricPlotProps {
  /** Phased, each row also carries its value under its phase's key (one stacked bar each). */
  data: readonly MetricBarPoint[];
  phased: boolean;
  /** The forward bars' pattern, defined beside the legend (period-phases.tsx). */
  hatchId: string;
  format: (value: number | null) => string;
  tick: (value: number) => string;
  unit: string;
  caption: string;
  height: number;
}

/** The recharts part of `SetMetricChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function SetMetricPlot({
  data,
  phased,
  hatchId,
  format,
  tick,
  unit,
  caption,
  height,
  full,
}: SetMetricPlotProps & PlotStage) {
  return (
    <BarChart data={data} {...chartProps.frame(height)}>
      <CartesianGrid {...chartProps.grid} />
      <XAxis {...chartProps.xAxis} minTickGap={8} />
      <YAxis {...chartProps.yAxis} width={64} tickFormatter={tick} label={chartProps.yLabel(unit)} />
      {full ? (
        <>
          {phased ? (
            <Tooltip
              {...chartProps.barTooltip}
              content={({ active, payload }) => {
                const row = payload?.[0]?.payload as MetricBarPoint | undefined;
                if (!active || !row?.phase) return null;
                return (
                  <div className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-800 shadow">
                    <p className="font-medium">{row.label}</p>
                    <p>{format(row.value)}</p>
                    <p className="text-slate-600">{PHASE_LABELS[row.phase]}</p>
                  </div>
                );
              }}
            />
          ) : (
            <Tooltip
              {...chartProps.barTooltip}
              formatter={(value) => format(typeof value === "number" ? value : null)}
            />
          )}
          {phased ? (
            (["past", "current", "forward"] as const).map((phase) => (
              <Bar
                key={phase}
                dataKey={phase}
                stackId="phase"
                name={`${caption}, ${PHASE_LABELS[phase].toLowerCase()}`}
                fill={phase === "forward" ? hatchFill(hatchId) : PHASE_COLORS[phase]}
                stroke={phase === "forward" ? PHASE_COLORS.forward : undefined}
                strokeDasharray={phase === "forward" ? "4 2" : undefined}
                isAnimationActive={false}
                maxBarSize={40}
              />
            ))
          ) : (
            <Bar
              dataKey="value"
              name={caption}
              fill={setChartColors.bar}
              isAnimationActive={false}
              maxBarSize={40}
            />
          )}
        </>
      ) : null}
    </BarChart>
  );
}
