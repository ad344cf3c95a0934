"use client";

import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend } from "@/components/charts/chart-legend";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";
import type { LineSeries } from "@/components/charts/daily-line-plot";

// Defined beside the plot that draws it, so the plot imports nothing from this module; a
// type-only export, gone from the built code, so recharts stays out of this chunk.
export type { LineSeries };

const DailyLinePlot = lazyPlot(() => import("@/components/charts/daily-line-plot"));

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
  return (
    <>
      <ChartLegend items={series.map((s) => ({ label: s.label, color: s.color, dashed: s.dashed }))} />
      <ChartPlot height={height} plot={DailyLinePlot} props={{ data, series, format, axis, height }} />
      <ChartDataTable
        caption={caption}
        columns={["Day", ...series.map((s) => s.label)]}
        rows={data.map((d) => [d.label, ...series.map((s) => format(d[s.key]))])}
      />
    </>
  );
}
