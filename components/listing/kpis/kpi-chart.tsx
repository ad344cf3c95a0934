"use client";

import { useId, useMemo } from "react";
import { PhaseHatchDefs, PhaseLegend, phaseHatchId, phasesIn } from "@/components/charts/period-phases";
import type { KpiPoint } from "@/lib/metrics/kpi-series";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";
import type { KpiRow } from "@/components/listing/kpis/kpi-plot";

// Defined beside the plot that draws it, so the plot imports nothing from this module; a
// type-only export, gone from the built code, so recharts stays out of this chunk.
export type { KpiRow };

const KpiPlot = lazyPlot(() => import("@/components/listing/kpis/kpi-plot"));

/**
 * One KPI over periods, as bars. Pure: everything it draws comes from `data` (built by
 * `kpiSeries`). Forward periods (only what is on the books) are hatched and outlined so they
 * never read as results; a value not generated yet is a gap, never a zero bar. The plot is
 * hidden from assistive technology: the figures table beside it is the text alternative.
 */
export function KpiChart({
  data,
  metric = "adr",
  currency = "USD",
  height = 260,
}: {
  data: readonly KpiPoint[];
  metric?: KpiMetric;
  currency?: string;
  height?: number;
}) {
  const hatchId = phaseHatchId(useId());
  const rows = useMemo(
    () =>
      data.map((point): KpiRow => ({
        label: point.label,
        point,
        past: point.phase === "past" ? point.value : null,
        current: point.phase === "current" ? point.value : null,
        forward: point.phase === "forward" ? point.value : null,
      })),
    [data],
  );
  const phases = phasesIn(data);

  return (
    <>
      <PhaseHatchDefs id={hatchId} />
      <PhaseLegend phases={phases} hatchId={hatchId} />
      <ChartPlot
        height={height}
        testId="kpi-chart"
        plot={KpiPlot}
        props={{ rows, metric, currency, hatchId, height }}
      />
    </>
  );
}
