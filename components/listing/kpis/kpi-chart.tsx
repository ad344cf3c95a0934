"use client";

import { useId, useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, gridStroke } from "@/components/charts/chart-theme";
import { formatAxisValue, formatMetric } from "@/lib/listing/kpis/metrics";
import { PHASE_LABELS, type KpiPhase, type KpiPoint } from "@/lib/listing/kpis/series";
import type { KpiMetric } from "@/lib/svc/schemas/kpis";

/** Past bars solid, the period in progress lighter, forward periods hatched and outlined. */
export const KPI_PHASE_COLORS: Record<KpiPhase, string> = {
  past: "#2259bb",
  current: "#6b9be8",
  forward: "#2f6fdd",
};

type Row = { label: string; point: KpiPoint } & Record<KpiPhase, number | null>;

/** The legend in words; the forward swatch is hatched like its bars. */
function KpiLegend({ phases, hatchId }: { phases: readonly KpiPhase[]; hatchId: string }) {
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      {phases.map((phase) => (
        <li key={phase} className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="12" height="12" className="shrink-0">
            <rect
              x="0.5"
              y="0.5"
              width="11"
              height="11"
              rx="2"
              fill={phase === "forward" ? `url(#${hatchId})` : KPI_PHASE_COLORS[phase]}
              stroke={phase === "forward" ? KPI_PHASE_COLORS.forward : "none"}
              strokeDasharray={phase === "forward" ? "2 1.5" : undefined}
            />
          </svg>
          {PHASE_LABELS[phase]}
        </li>
      ))}
    </ul>
  );
}

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
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-800 shadow">
      <p className="font-medium">{row.point.label}</p>
      <p>{formatMetric(metric, row.point.value, currency)}</p>
      <p className="text-slate-600">{PHASE_LABELS[row.point.phase]}</p>
    </div>
  );
}

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
  // useId may hold characters a url(#...) reference cannot.
  const hatchId = `kpi-hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const rows = useMemo(
    () =>
      data.map((point): Row => ({
        label: point.label,
        point,
        past: point.phase === "past" ? point.value : null,
        current: point.phase === "current" ? point.value : null,
        forward: point.phase === "forward" ? point.value : null,
      })),
    [data],
  );
  const phases = (["past", "current", "forward"] as const).filter((phase) =>
    data.some((p) => p.phase === phase),
  );

  return (
    <>
      <svg aria-hidden="true" width="0" height="0" className="absolute">
        <defs>
          <pattern
            id={hatchId}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill="#d9eaff" />
            <line x1="0" y1="0" x2="0" y2="6" stroke={KPI_PHASE_COLORS.forward} strokeWidth="2" />
          </pattern>
        </defs>
      </svg>
      <KpiLegend phases={phases} hatchId={hatchId} />
      <div aria-hidden="true" data-testid="kpi-chart">
        <BarChart
          data={rows}
          responsive
          style={{ width: "100%", height }}
          margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
          barCategoryGap="20%"
        >
          <CartesianGrid stroke={gridStroke} vertical={false} />
          <XAxis
            dataKey="label"
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: gridStroke }}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={60}
            domain={[0, "auto"]}
            tickFormatter={(v: number) => formatAxisValue(metric, v, currency)}
          />
          <Tooltip
            isAnimationActive={false}
            cursor={{ fill: "#f1f5f9" }}
            content={({ active, payload }) => (
              <KpiTooltip active={active} payload={payload} metric={metric} currency={currency} />
            )}
          />
          <Bar
            dataKey="past"
            stackId="kpi"
            fill={KPI_PHASE_COLORS.past}
            isAnimationActive={false}
            maxBarSize={40}
          />
          <Bar
            dataKey="current"
            stackId="kpi"
            fill={KPI_PHASE_COLORS.current}
            isAnimationActive={false}
            maxBarSize={40}
          />
          <Bar
            dataKey="forward"
            stackId="kpi"
            fill={`url(#${hatchId})`}
            stroke={KPI_PHASE_COLORS.forward}
            strokeDasharray="4 2"
            isAnimationActive={false}
            maxBarSize={40}
          />
        </BarChart>
      </div>
    </>
  );
}
