"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { chartProps } from "@/components/charts/chart-theme";
import { hatchFill, PHASE_COLORS } from "@/components/charts/period-phases";
import { formatAxisValue, formatMetric } from "@/lib/metrics/kpi-metrics";
import { PHASE_LABELS, type KpiPhase, type KpiPoint } from "@/lib/metrics/kpi-series";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import type { PlotStage } from "@/components/charts/lazy-plot";

/** One period's bar: its value under its phase's key, so that each phase is its own stacked bar. */
export type KpiRow = { label: string; point: KpiPoint } & Record<KpiPhase, number | null>;

function KpiTooltip({
  active,
  payload,
  metric,
  currency,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
  metric: KpiMetric;
  currency: string;
}) {
  const row = payload?.[0]?.payload as KpiRow | undefined;
  if (!active || !row) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-800 shadow">
      <p className="font-medium">{row.point.label}</p>
      <p>{formatMetric(metric, row.point.value, currency)}</p>
      <p className="text-slate-600">{PHASE_LABELS[row.point.phase]}</p>
    </div>
  );
}

export interface KpiPlotProps {
  rows: readonly KpiRow[];
  metric: KpiMetric;
  currency: string;
  /** The forward bars' pattern, defined beside the legend (period-phases.tsx). */
  hatchId: string;
  height: number;
}

/** The recharts part of `KpiChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function KpiPlot({ rows, metric, currency, hatchId, height, full }: KpiPlotProps & PlotStage) {
  return (
    <BarChart data={rows} {...chartProps.frame(height)} barCategoryGap="20%">
      <CartesianGrid {...chartProps.grid} />
      <XAxis {...chartProps.xAxis} interval="preserveStartEnd" minTickGap={12} />
      <YAxis
        {...chartProps.yAxis}
        width={60}
        domain={[0, "auto"]}
        tickFormatter={(v: number) => formatAxisValue(metric, v, currency)}
      />
      {full ? (
        <>
          <Tooltip
            {...chartProps.barTooltip}
            content={({ active, payload }) => (
              <KpiTooltip active={active} payload={payload} metric={metric} currency={currency} />
            )}
          />
          <Bar
            dataKey="past"
            stackId="kpi"
            fill={PHASE_COLORS.past}
            isAnimationActive={false}
            maxBarSize={40}
          />
          <Bar
            dataKey="current"
            stackId="kpi"
            fill={PHASE_COLORS.current}
            isAnimationActive={false}
            maxBarSize={40}
          />
          <Bar
            dataKey="forward"
            stackId="kpi"
            fill={hatchFill(hatchId)}
            stroke={PHASE_COLORS.forward}
            strokeDasharray="4 2"
            isAnimationActive={false}
            maxBarSize={40}
          />
        </>
      ) : null}
    </BarChart>
  );
}
