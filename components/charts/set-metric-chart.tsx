"use client";

import { useId, useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { PHASE_LABELS, type KpiPhase } from "@/lib/listing/kpis/series";
import { ChartDataTable } from "./chart-data-table";
import { chartProps, setChartColors } from "./chart-theme";
import {
  hatchFill,
  PHASE_COLORS,
  PhaseHatchDefs,
  PhaseLegend,
  phaseHatchId,
  phasesIn,
} from "./period-phases";
import { ChartPlot } from "./chart-plot";

export interface MetricBarPoint {
  label: string;
  value: number | null;
  /**
   * Where the month stands against today. Given on every point, past months are solid and
   * forward months (only what is on the books) hatched, with a legend; left out, one colour.
   */
  phase?: KpiPhase;
}

type PhasedRow = MetricBarPoint & Record<KpiPhase, number | null>;

/**
 * One metric per month as bars. A month without data has no bar (and reads "No data yet" in
 * the table), never a bar at 0. The unit (a currency, %) is written on the axis.
 */
export function SetMetricChart({
  data,
  format,
  tick,
  unit,
  caption,
  height = 200,
}: {
  data: MetricBarPoint[];
  /** One value in words, with its unit: tooltip and table. */
  format: (value: number | null) => string;
  /** A short axis tick. */
  tick: (value: number) => string;
  /** Written beside the axis: "USD", "%". */
  unit: string;
  caption: string;
  height?: number;
}) {
  const hatchId = phaseHatchId(useId());
  const phases = phasesIn(data);
  const phased = phases.length > 0;
  const rows = useMemo(
    () =>
      data.map((point): PhasedRow => ({
        ...point,
        past: point.phase === "past" ? point.value : null,
        current: point.phase === "current" ? point.value : null,
        forward: point.phase === "forward" ? point.value : null,
      })),
    [data],
  );
  return (
    <>
      {phased ? (
        <>
          <PhaseHatchDefs id={hatchId} />
          <PhaseLegend phases={phases} hatchId={hatchId} />
        </>
      ) : null}
      <ChartPlot height={height}>
        <BarChart data={phased ? rows : data} {...chartProps.frame(height)}>
          <CartesianGrid {...chartProps.grid} />
          <XAxis {...chartProps.xAxis} minTickGap={8} />
          <YAxis {...chartProps.yAxis} width={64} tickFormatter={tick} label={chartProps.yLabel(unit)} />
          {phased ? (
            <Tooltip
              {...chartProps.barTooltip}
              content={({ active, payload }) => {
                const row = payload?.[0]?.payload as PhasedRow | undefined;
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
        </BarChart>
      </ChartPlot>
      <ChartDataTable
        caption={caption}
        columns={phased ? ["Month", caption, "Period"] : ["Month", caption]}
        rows={data.map((d) =>
          phased && d.phase ? [d.label, format(d.value), PHASE_LABELS[d.phase]] : [d.label, format(d.value)],
        )}
      />
    </>
  );
}
