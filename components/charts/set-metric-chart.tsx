"use client";

import { useId, useMemo } from "react";
import { PHASE_LABELS, type KpiPhase } from "@/lib/metrics/kpi-series";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { PhaseHatchDefs, PhaseLegend, phaseHatchId, phasesIn } from "@/components/charts/period-phases";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";
import type { MetricBarPoint } from "@/components/charts/set-metric-plot";

// Defined beside the plot that draws it, so the plot imports nothing from this module; a
// type-only export, gone from the built code, so recharts stays out of this chunk.
export type { MetricBarPoint };

type PhasedRow = MetricBarPoint & Record<KpiPhase, number | null>;

const SetMetricPlot = lazyPlot(() => import("@/components/charts/set-metric-plot"));

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
      <ChartPlot
        height={height}
        plot={SetMetricPlot}
        props={{ data: phased ? rows : data, phased, hatchId, format, tick, unit, caption, height }}
      />
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
