/**
 * GET /market_report/{market_id}/distribution: the selected listings' values of one metric
 * over one window, read from their stored metrics. Lexicon metrics the listings do not store
 * are derived from those they do: occupancy = 100 * nights_booked / nights in the window,
 * nights_blocked = nights in the window - nights_available; booking_window has no data.
 */
import type { LexiconMetric, MetricWindow } from "../../../lib/svc/schemas/set-analytics";
import { METRIC_WINDOW_DEFAULT } from "../../../lib/svc/schemas/set-analytics";
import type { MarketDistribution, MarketDistributionQuery } from "../../../lib/svc/schemas/market-report";
import type { SandboxContext } from "../../context";
import { converter, requireKnownCurrency } from "../fx";
import { marketListings, requireMarket, selectBedrooms, type MarketListing } from "./markets";
import { MONEY_METRICS } from "./series";
import { buckets, percentile } from "./stats";

/** Nights in a `<back>_<forward>` window. */
export const windowLength = (window: MetricWindow): number =>
  window.split("_").reduce((sum, part) => sum + Number(part), 0);

export function listingWindowValue(
  listing: MarketListing,
  metric: LexiconMetric,
  window: MetricWindow,
): number | null {
  const read = (name: string) => listing.metrics[`${name}_${window}`] ?? null;
  const length = windowLength(window);
  switch (metric) {
    case "occupancy": {
      const booked = read("nights_booked");
      return booked === null ? null : Math.round((1000 * booked) / length) / 10;
    }
    case "nights_blocked": {
      const available = read("nights_available");
      return available === null ? null : length - available;
    }
    case "booking_window":
      return null;
    default:
      return read(metric);
  }
}

export function marketDistribution(
  ctx: SandboxContext,
  userId: string,
  marketId: string,
  query: MarketDistributionQuery,
): MarketDistribution {
  const market = requireMarket(ctx, userId, marketId);
  const listings = selectBedrooms(market, marketListings(ctx, marketId), query.bedrooms);
  const currency = query.currency ?? market.currency;
  requireKnownCurrency(ctx, currency);
  const window = query.window ?? METRIC_WINDOW_DEFAULT;
  const convert = converter(ctx);
  const money = MONEY_METRICS.has(query.metric);
  const values = listings
    .map((l) => listingWindowValue(l, query.metric, window))
    .filter((v): v is number => v !== null)
    .map((v) => (money ? convert(v, market.currency, currency) : v))
    .sort((a, b) => a - b);
  return {
    market_id: market.id,
    bedrooms: query.bedrooms ?? null,
    metric: query.metric,
    window,
    currency,
    buckets: buckets(values),
    percentiles: {
      p10: percentile(values, 10),
      p25: percentile(values, 25),
      p50: percentile(values, 50),
      p75: percentile(values, 75),
      p90: percentile(values, 90),
    },
  };
}
