"use client";

import type { OverlayRow } from "@/lib/market/series";
import type { BandPoint } from "@/lib/metrics/aggregate-series";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend, type LegendItem } from "@/components/charts/chart-legend";
import { overlayColors, setChartColors } from "@/components/charts/chart-theme";
import { ChartPlot } from "@/components/charts/chart-plot";
import { lazyPlot } from "@/components/charts/lazy-plot";

/** One of several series laid over each other (a bedroom group, a market). */
export interface OverlaySeries {
  label: string;
  /** Index into `overlayColors`. */
  colorIndex: number;
}

type Props = {
  format: (value: number | null) => string;
  tick: (value: number) => string;
  unit: string;
  caption: string;
  height?: number;
  /** A dashed vertical line at this period's label, named ("Today"). */
  marker?: { at: string; label: string };
} & (
  | {
      /** One series: the set members' spread. */
      data: ReadonlyArray<BandPoint | (BandPoint & Record<string, unknown>)>;
      overlay?: undefined;
      /** My own listings, each a line read from `data[key]` over the members' band. */
      mine?: ReadonlyArray<{ key: string; label: string }>;
    }
  | {
      /** Several series on one time axis, each with its own band and median. */
      overlay: { rows: OverlayRow[]; series: readonly OverlaySeries[] };
      data?: undefined;
      mine?: undefined;
    }
);

const PercentileBandPlot = lazyPlot(() => import("@/components/charts/percentile-band-plot"));

/**
 * The spread of a metric over time: the middle half (p25 to p75) as a shaded band and the
 * median as a line; with an overlay, one band and one median per series, each in its own
 * colour. Periods without data are gaps.
 */
export function PercentileBandChart(props: Props) {
  const { format, tick, unit, caption, height = 260, marker } = props;
  const single = props.overlay === undefined;
  const mine = props.mine ?? [];
  const mineValue = (row: BandPoint, key: string) => {
    const value = (row as unknown as Record<string, unknown>)[key];
    return typeof value === "number" ? value : null;
  };
  const rows: OverlayRow[] = single
    ? props.data.map((d) => ({ date: d.date, label: d.label, values: [d] }))
    : props.overlay.rows;
  const series: ReadonlyArray<OverlaySeries & { line: string; band: string }> = single
    ? [{ label: "", colorIndex: 0, line: setChartColors.median, band: setChartColors.band }]
    : props.overlay.series.map((s) => ({ ...s, ...overlayColors[s.colorIndex % overlayColors.length]! }));

  // Flat rows with a string key per series: recharts memoises by data key, which an inline
  // accessor function would defeat on every render.
  const data = rows.map((row, r) => {
    const flat: Record<string, string | number | [number, number] | null> = { label: row.label };
    row.values.forEach((v, i) => {
      flat[`band${i}`] = v?.band ?? null;
      flat[`p50_${i}`] = v?.p50 ?? null;
    });
    if (single) for (const m of mine) flat[m.key] = mineValue(props.data[r]!, m.key);
    return flat;
  });

  const legend: LegendItem[] = single
    ? [
        { label: "Middle half of members (p25–p75)", color: setChartColors.band, bar: true },
        { label: "Median (p50)", color: setChartColors.median },
        ...mine.map((m, i) => ({ label: m.label, color: setChartColors.mine, dashed: i % 2 === 1 })),
      ]
    : series.flatMap((s) => [
        { label: `${s.label}: median`, color: s.line },
        { label: `${s.label}: p25–p75`, color: s.band, bar: true },
      ]);

  const columns = single
    ? ["Period", "p25", "Median (p50)", "p75", "Mean", ...mine.map((m) => m.label)]
    : ["Period", ...series.flatMap((s) => [`${s.label} p25`, `${s.label} median`, `${s.label} p75`])];
  const tableRows = rows.map((row, r) => {
    if (single) {
      const d = row.values[0]!;
      const own = mine.map((m) => format(mineValue(props.data![r]!, m.key)));
      return [row.label, format(d.p25), format(d.p50), format(d.p75), format(d.mean), ...own];
    }
    return [
      row.label,
      ...row.values.flatMap((v) => [format(v?.p25 ?? null), format(v?.p50 ?? null), format(v?.p75 ?? null)]),
    ];
  });

  return (
    <>
      <ChartLegend items={legend} />
      <ChartPlot
        height={height}
        plot={PercentileBandPlot}
        props={{ data, series, single, mine, format, tick, unit, height, marker }}
      />
      <ChartDataTable caption={caption} columns={columns} rows={tableRows} />
    </>
  );
}
