"use client";

import { currentPeriodLabel, marketBand, overlayRows } from "@/lib/market/series";
import { formatMetric, formatTick, metricUnit } from "@/lib/metrics/lexicon-metrics";
import type { MarketTimeSeries } from "@/lib/svc/schemas/market-report";
import type { Granularity, LexiconMetric } from "@/lib/svc/schemas/set-analytics";
import { PercentileBandChart } from "@/components/charts/percentile-band-chart";

export interface AnsweredSeries {
  label: string;
  /** The series' colour: its place among those asked for, so colours do not move as answers arrive. */
  colorIndex: number;
  answer: Pick<MarketTimeSeries, "points">;
}

/**
 * Market time series answers (bedroom groups, or two markets) on one chart: each one's median
 * and p25–p75 band, a "Today" line where the range holds today. Used by the tabs and the
 * benchmark page alike.
 */
export function MarketBandChart({
  series,
  metric,
  currency,
  granularity,
  caption,
  height = 300,
}: {
  series: readonly AnsweredSeries[];
  metric: LexiconMetric;
  currency: string;
  granularity: Granularity;
  caption: string;
  height?: number;
}) {
  const rows = overlayRows(series.map((s) => marketBand(s.answer, granularity)));
  const today = currentPeriodLabel(rows);
  return (
    <PercentileBandChart
      overlay={{ rows, series: series.map((s) => ({ label: s.label, colorIndex: s.colorIndex })) }}
      format={(value) => formatMetric(metric, value, currency)}
      tick={formatTick}
      unit={metricUnit(metric, currency)}
      caption={caption}
      height={height}
      marker={today ? { at: today, label: "Today" } : undefined}
    />
  );
}
