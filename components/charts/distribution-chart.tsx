"use client";

import type { HistogramBar } from "@/lib/metrics/distribution";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend, type LegendItem } from "@/components/charts/chart-legend";
import { percentileColors, setChartColors } from "@/components/charts/chart-theme";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";
import type { DistributionMarks } from "@/components/charts/distribution-plot";

// Defined beside the plot that draws it, so the plot imports nothing from this module; a
// type-only export, gone from the built code, so recharts stays out of this chunk.
export type { DistributionMarks };

const DistributionPlot = lazyPlot(() => import("@/components/charts/distribution-plot"));

/**
 * How many listings fall in each range of values, with the ranges that hold one of the
 * caller's listings drawn in the warm colour and labelled with how many. `countLabel` names
 * what the bars count ("members" of a set, "listings" of a market).
 */
export function DistributionChart({
  bars,
  formatRange,
  caption,
  height = 240,
  countLabel = "members",
  marks,
}: {
  bars: HistogramBar[];
  /** "$125 – $165". */
  formatRange: (lower: number, upper: number) => string;
  caption: string;
  height?: number;
  countLabel?: string;
  marks?: DistributionMarks;
}) {
  const counted = countLabel.charAt(0).toUpperCase() + countLabel.slice(1);
  // With marks, my listings are dots at their values; recolouring their bars too would drown
  // the market's shape when I have many listings.
  const legend: LegendItem[] = [
    { label: `${counted} in the range`, color: setChartColors.members, bar: true },
  ];
  if (!marks)
    legend.push({ label: "Range holding one of your listings", color: setChartColors.mine, bar: true });
  if (marks) {
    if (marks.percentiles.length > 0) {
      legend.push({ label: "Median (p50)", color: percentileColors.median });
      legend.push({ label: "p25 and p75", color: percentileColors.quartile, dashed: true });
      legend.push({ label: "p10 and p90", color: percentileColors.decile, dashed: true });
    }
    if (marks.mine.length > 0)
      legend.push({ label: "Your listing's value (dot)", color: setChartColors.mine, bar: true });
  }

  return (
    <>
      <ChartLegend items={legend} />
      <ChartPlot
        height={height}
        plot={DistributionPlot}
        props={{ bars, formatRange, height, countLabel, counted, marks }}
      />
      <ChartDataTable
        caption={caption}
        columns={["Range", counted, "Your listings in the range"]}
        rows={bars.map((b) => [
          formatRange(b.lower, b.upper),
          b.count,
          b.mine.length > 0 ? b.mine.map((m) => m.name).join(", ") : "None",
        ])}
      />
      {marks && marks.percentiles.length > 0 ? (
        <ChartDataTable
          caption={`${caption}: percentiles`}
          columns={["Percentile", "Value"]}
          rows={marks.percentiles.map((p) => [p.label, marks.format(p.value)])}
        />
      ) : null}
    </>
  );
}
