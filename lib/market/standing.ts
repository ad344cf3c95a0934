import { histogram, type Histogram, type MyListingValue } from "@/lib/metrics/distribution";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { MarketDistribution } from "@/lib/svc/schemas/market-report";
import { inChoice, type BedroomChoice } from "@/lib/market/bedrooms";

/**
 * "Where do I stand": my listings in a market placed on its distribution. The distribution
 * names no listing (market listings are not mine), so my values come from my own KPIs (one
 * portfolio ranking for the same metric, window and currency) and are read against the
 * buckets and the percentiles.
 */

type Percentiles = MarketDistribution["percentiles"];

const PERCENTILE_NAMES: Record<keyof Percentiles, string> = {
  p10: "10th percentile",
  p25: "25th percentile",
  p50: "median",
  p75: "75th percentile",
  p90: "90th percentile",
};
const ORDER = ["p10", "p25", "p50", "p75", "p90"] as const;

/** The percentiles the service gave, in order, for marking on the chart. */
export function percentileMarks(percentiles: Percentiles): Array<{ label: string; value: number }> {
  return ORDER.flatMap((key) => {
    const value = percentiles[key];
    return value === null ? [] : [{ label: key, value }];
  });
}

/** One value against the market's percentiles, in words. */
export function percentileStanding(value: number, percentiles: Percentiles): string {
  const known = ORDER.filter((key) => percentiles[key] !== null).map((key) => ({
    name: PERCENTILE_NAMES[key],
    value: percentiles[key]!,
  }));
  if (known.length === 0) return "The market has no figures to compare with.";
  const same = known.find((p) => Math.abs(p.value - value) < 1e-9);
  if (same) return `At the market's ${same.name}.`;
  const first = known[0]!;
  const last = known[known.length - 1]!;
  if (value < first.value) return `Below the market's ${first.name}.`;
  if (value > last.value) return `Above the market's ${last.name}.`;
  for (let i = 1; i < known.length; i++) {
    if (value < known[i]!.value) return `Between the market's ${known[i - 1]!.name} and ${known[i]!.name}.`;
  }
  return `Above the market's ${last.name}.`;
}

export interface MineForChoice<L> {
  /** My listings in the market that the chosen bedroom group holds. */
  placed: L[];
  /** My listings in the market in other bedroom groups (not comparable with this picture). */
  elsewhere: number;
}

export function mineForChoice<L extends Pick<Listing, "bedrooms">>(
  inMarket: readonly L[],
  choice: BedroomChoice,
): MineForChoice<L> {
  const placed = inMarket.filter((l) => inChoice(choice, l.bedrooms));
  return { placed, elsewhere: inMarket.length - placed.length };
}

/** The distribution's buckets with my listings placed on them (the sets' rule for buckets). */
export function placeMine(
  distribution: Pick<MarketDistribution, "buckets">,
  mine: readonly MyListingValue[],
): Histogram {
  return histogram({ buckets: distribution.buckets, listing_values: [] }, mine);
}
