"use client";

import type { HistoryPoint } from "@/lib/listing/records/base-price-display";
import { formatAmount } from "@/lib/format/money";
import { formatDayLong } from "@/lib/format/dates";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend } from "@/components/charts/chart-legend";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";

const SERIES = [
  { key: "recommended", label: "Recommended base price", color: "var(--chart-brand)", dashed: true },
  { key: "effective", label: "Base price in use", color: "var(--chart-ink)", dashed: false },
] as const;

const BasePriceHistoryPlot = lazyPlot(() => import("@/components/listing/records/base-price-history-plot"));

/**
 * The daily recommended and effective base prices. The y axis fits the prices (not from 0),
 * so a move of a few units shows; a day without figures is a gap. The chart is hidden from
 * assistive technology and the same figures follow as a table.
 */
export function BasePriceHistoryChart({
  data,
  currency,
  height = 240,
}: {
  data: HistoryPoint[];
  currency: string;
  height?: number;
}) {
  const format = (value: number | null) => formatAmount(value, currency);
  return (
    <>
      <ChartLegend items={SERIES.map((s) => ({ label: s.label, color: s.color, dashed: s.dashed }))} />
      <ChartPlot
        height={height}
        plot={BasePriceHistoryPlot}
        props={{ data, series: SERIES, currency, height }}
      />
      <ChartDataTable
        caption={`Daily base prices in ${currency}`}
        columns={["Day", ...SERIES.map((s) => s.label)]}
        rows={data.map((d) => [formatDayLong(d.date), format(d.recommended), format(d.effective)])}
      />
    </>
  );
}
