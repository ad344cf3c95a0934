"use client";

import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend } from "@/components/charts/chart-legend";
import { yearColors } from "@/components/charts/chart-theme";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";
import type { BookingCurvePoint } from "@/components/charts/booking-curve-plot";
import { formatPercent } from "@/lib/format/numbers";

const BookingCurvePlot = lazyPlot(() => import("@/components/charts/booking-curve-plot"));

const cell = (value: number | null | undefined) =>
  value === null || value === undefined ? "Not yet" : formatPercent(value, { maxDigits: 1 });

/**
 * The booking curve: how much of a stay period's nights were on the books each number of days
 * before the stay, this year against last year, so that a slow or early pace shows as a line
 * below or above last year's. The table beside reads a few points out.
 */
export function BookingCurveChart({
  data,
  labels,
  tableDays,
  caption,
  height = 240,
}: {
  /** 365 days before the stay first, in percent. */
  data: readonly BookingCurvePoint[];
  /** What each line is, in words: "Dec 2026", "Dec 2025". */
  labels: { thisYear: string; lastYear: string };
  /** The days before the stay the table reads out. */
  tableDays: readonly number[];
  caption: string;
  height?: number;
}) {
  const series = [
    { key: "thisYear", label: labels.thisYear, color: yearColors.thisYear, dashed: false },
    { key: "lastYear", label: labels.lastYear, color: yearColors.lastYear, dashed: true },
  ] as const;
  const byDays = new Map(data.map((p) => [p.days, p]));
  return (
    <>
      <ChartLegend items={series.map((s) => ({ label: s.label, color: s.color, dashed: s.dashed }))} />
      <ChartPlot
        height={height}
        testId="booking-curve-chart"
        plot={BookingCurvePlot}
        props={{ data, series, height }}
      />
      <ChartDataTable
        caption={caption}
        columns={["Days before the stay", labels.thisYear, labels.lastYear]}
        rows={tableDays.map((d) => [
          d === 0 ? "The night itself" : `${d} days before`,
          cell(byDays.get(d)?.thisYear),
          cell(byDays.get(d)?.lastYear),
        ])}
      />
    </>
  );
}
