"use client";

import { format, parseISO } from "date-fns";
import type { WeeklyReferencePoint } from "@/lib/listing/calendar/neighborhood-reference";
import { orEmpty } from "@/lib/format/numbers";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend } from "@/components/charts/chart-legend";
import { money } from "@/components/listing/calendar/calendar-display";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";

/** The legend's swatches and the plot's lines, passed to the plot so that they match. */
const colors = {
  price: "var(--chart-brand)",
  recommended: "var(--chart-amber-strong)",
  median: "var(--chart-axis)",
  band: "var(--chart-neutral)",
  limit: "var(--chart-red)",
} as const;

const PriceReferencePlot = lazyPlot(() => import("@/components/listing/calendar/price-reference-plot"));

/**
 * The year week by week: your price and the recommendation against the neighborhood's median
 * and its p25–p75 band, with your minimum and maximum prices as reference lines. Weeks without
 * neighborhood figures are gaps. The plot is hidden from assistive technology; the same
 * figures are in a visually hidden table.
 */
export function PriceReferenceChart({
  data,
  currency,
  minPrice,
  maxPrice,
  height = 240,
}: {
  data: WeeklyReferencePoint[];
  currency: string;
  minPrice: number | null;
  maxPrice: number | null;
  height?: number;
}) {
  const rows = data.map((p) => ({ ...p, label: format(parseISO(p.weekStart), "d MMM") }));
  const show = (value: number | null) => orEmpty(value, (v) => money(v, currency));
  const legend = [
    { label: "Your price", color: colors.price },
    { label: "Recommendation", color: colors.recommended, dashed: true },
    { label: "Neighborhood median", color: colors.median },
    { label: "Neighborhood p25–p75", color: colors.band, bar: true },
    ...(minPrice !== null || maxPrice !== null
      ? [{ label: "Your min and max price", color: colors.limit, dashed: true }]
      : []),
  ];
  return (
    <>
      <ChartLegend items={legend} />
      <ChartPlot
        height={height}
        plot={PriceReferencePlot}
        props={{ rows, colors, currency, minPrice, maxPrice, height }}
      />
      <ChartDataTable
        caption={`Weekly averages in ${currency}: your price, the recommendation and the neighborhood`}
        columns={[
          "Week of",
          "Your price",
          "Recommendation",
          "Neighborhood median",
          "Neighborhood p25",
          "Neighborhood p75",
        ]}
        rows={rows.map((p) => [
          p.label,
          show(p.price),
          show(p.recommended),
          show(p.median),
          show(p.p25),
          show(p.p75),
        ])}
      />
    </>
  );
}
