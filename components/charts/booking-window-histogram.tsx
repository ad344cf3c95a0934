"use client";

import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend } from "@/components/charts/chart-legend";
import { yearColors } from "@/components/charts/chart-theme";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";
import type { HistogramPoint } from "@/components/charts/booking-window-histogram-plot";
import { formatCount, formatPercent } from "@/lib/format/numbers";

const BookingWindowHistogramPlot = lazyPlot(
  () => import("@/components/charts/booking-window-histogram-plot"),
);

const cell = (count: number, share: number) =>
  `${formatCount(count)} (${formatPercent(share, { maxDigits: 1 })})`;

/**
 * Reservations per bucket (booking window, stay length), this year beside last year, each as
 * a share of its own year's reservations: two years of different volume compare by shape. The
 * table beside carries the counts too.
 */
export function BookingWindowHistogram({
  data,
  labels,
  caption,
  bucketHeading,
  testId,
  height = 220,
}: {
  data: readonly HistogramPoint[];
  labels: { thisYear: string; lastYear: string };
  caption: string;
  /** The first column's heading: "Booked ahead", "Stay length". */
  bucketHeading: string;
  testId: string;
  height?: number;
}) {
  const series = [
    { key: "thisYear", label: labels.thisYear, color: yearColors.thisYear },
    { key: "lastYear", label: labels.lastYear, color: yearColors.lastYear },
  ] as const;
  return (
    <>
      <ChartLegend items={series.map((s) => ({ label: s.label, color: s.color, bar: true }))} />
      <ChartPlot
        height={height}
        testId={testId}
        plot={BookingWindowHistogramPlot}
        props={{ data, series, height }}
      />
      <ChartDataTable
        caption={caption}
        columns={[bucketHeading, labels.thisYear, labels.lastYear]}
        rows={data.map((p) => [
          p.label,
          cell(p.thisYearCount, p.thisYear),
          cell(p.lastYearCount, p.lastYear),
        ])}
      />
    </>
  );
}
