"use client";

import { percentileMarks } from "@/lib/market/standing";
import { formatMetric, formatTick, metricUnit } from "@/lib/metrics/lexicon-metrics";
import { type Histogram, type MyListingValue } from "@/lib/metrics/distribution";
import type { MarketDistribution } from "@/lib/svc/schemas/market-report";
import type { LexiconMetric } from "@/lib/svc/schemas/set-analytics";
import { DistributionChart } from "@/components/charts/distribution-chart";

/**
 * The market's buckets as a histogram on a value axis, its percentiles drawn across and my
 * listings' own values as dots. Used by the Distribution tab and the benchmark page alike.
 */
export function MarketDistributionChart({
  distribution,
  result,
  mine,
  metric,
  currency,
  caption,
  height = 260,
}: {
  distribution: Pick<MarketDistribution, "percentiles">;
  /** The buckets with my listings placed (`placeMine`). */
  result: Histogram;
  mine: readonly MyListingValue[];
  metric: LexiconMetric;
  currency: string;
  caption: string;
  height?: number;
}) {
  const format = (value: number | null) => formatMetric(metric, value, currency);
  return (
    <DistributionChart
      bars={result.bars}
      formatRange={(lower, upper) => `${format(lower)} – ${format(upper)}`}
      caption={caption}
      height={height}
      countLabel="listings"
      marks={{
        percentiles: percentileMarks(distribution.percentiles),
        mine: mine.flatMap((m) => (m.value === null ? [] : [{ name: m.name, value: m.value }])),
        tick: formatTick,
        unit: metricUnit(metric, currency),
        format: (value) => format(value),
      }}
    />
  );
}
