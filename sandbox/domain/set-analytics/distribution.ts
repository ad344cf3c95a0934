/**
 * GET /sets/{set_id}/distribution: one member metric over one window, taken from the stored
 * metrics of each active member (`market_listings.metrics`, `<metric>_<window>`), monetary
 * ones converted into the answer's currency.
 */
import {
  METRIC_WINDOW_DEFAULT,
  type SetDistribution,
  type SetDistributionQuery,
} from "../../../lib/svc/schemas/set-analytics";
import type { SandboxContext } from "../../context";
import type { SetRow } from "../sets/access";
import { targetCurrency } from "./currency";
import { MONETARY_METRICS, ascending, percentile, round } from "./metrics";
import { activeMembers } from "./world";

/** At most this many equal-width buckets; fewer when there are fewer values. */
export const DISTRIBUTION_MAX_BUCKETS = 10;

const floor2 = (v: number) => Math.floor(v * 100) / 100;
const ceil2 = (v: number) => Math.ceil(v * 100) / 100;

/**
 * Equal-width buckets from the smallest value to the largest, edges in hundredths (the first
 * rounded down, the last up, so every value lies inside). A value belongs to the bucket with
 * lower ≤ value < upper; the last bucket also holds its upper edge. All values equal: one
 * bucket. No values: none.
 */
export function buckets(values: readonly number[]): SetDistribution["buckets"] {
  if (values.length === 0) return [];
  const sorted = ascending(values);
  const min = floor2(sorted[0]!);
  const max = ceil2(sorted[sorted.length - 1]!);
  const count = max === min ? 1 : Math.min(DISTRIBUTION_MAX_BUCKETS, new Set(values).size);
  const width = (max - min) / count;
  const edges = Array.from({ length: count + 1 }, (_, i) =>
    i === 0 ? min : i === count ? max : round(min + i * width, 2),
  );
  return edges.slice(0, -1).map((lower, i) => {
    const upper = edges[i + 1]!;
    const last = i === count - 1;
    const inside = sorted.filter((v) => v >= lower && (last ? v <= upper : v < upper)).length;
    return { lower, upper, count: inside };
  });
}

export function distribution(ctx: SandboxContext, set: SetRow, query: SetDistributionQuery): SetDistribution {
  const { currency, convert } = targetCurrency(ctx, set, query.currency);
  const window = query.window ?? METRIC_WINDOW_DEFAULT;
  const monetary = MONETARY_METRICS.has(query.metric);
  const listingValues = activeMembers(ctx, set.id).map((listing) => {
    const stored = listing.metrics[`${query.metric}_${window}`] ?? null;
    const value = stored !== null && monetary ? convert(stored, listing.currency, currency) : stored;
    return { listing_id: listing.listing_id, value };
  });
  const values = listingValues.map((l) => l.value).filter((v): v is number => v !== null);
  const sorted = ascending(values);
  return {
    metric: query.metric,
    currency,
    buckets: buckets(values),
    percentiles: {
      p10: percentile(sorted, 0.1),
      p25: percentile(sorted, 0.25),
      p50: percentile(sorted, 0.5),
      p75: percentile(sorted, 0.75),
      p90: percentile(sorted, 0.9),
    },
    listing_values: listingValues,
  };
}
