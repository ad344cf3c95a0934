import { rangeDates } from "@/lib/market/range";
import type { MyListingValue } from "@/lib/metrics/distribution";
import type { MarketDistribution, MarketTimeSeries } from "@/lib/svc/schemas/market-report";

/**
 * Synthetic answers for the market benchmark page, made in the browser from a seed: three
 * bedroom groups' monthly ADR over the page's default 27 months, a distribution with its
 * percentiles, and a handful of my listings' own values. Shaped like the service's answers;
 * the figures mean nothing.
 */

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const BENCH_GROUPS = ["1", "2", "3"] as const;
export const BENCH_MONTHS = 27;

export interface SyntheticMarket {
  series: MarketTimeSeries[];
  distribution: MarketDistribution;
  mine: MyListingValue[];
}

export function syntheticMarket(seed: number): SyntheticMarket {
  const random = mulberry32(seed);
  const { start_date } = rangeDates("27-months", { from: null, to: null }) as { start_date: string };
  const first = new Date(`${start_date}T00:00:00Z`);
  const months = Array.from({ length: BENCH_MONTHS }, (_, i) =>
    new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)).toISOString().slice(0, 10),
  );
  const series = BENCH_GROUPS.map((group, g) => ({
    market_id: "mkt_bench",
    bedrooms: group,
    metric: "adr" as const,
    currency: "USD",
    points: months.map((date, i) => {
      const median = (140 + 60 * g) * (1 + 0.25 * Math.sin((i / 12) * 2 * Math.PI)) * (0.95 + random() * 0.1);
      const spread = median * (0.12 + random() * 0.06);
      return {
        date,
        value: Math.round((median + spread / 4) * 100) / 100,
        p25: Math.round((median - spread) * 100) / 100,
        p50: Math.round(median * 100) / 100,
        p75: Math.round((median + spread) * 100) / 100,
      };
    }),
  }));

  const lower = 70 + random() * 10;
  const width = 55 + random() * 5;
  const buckets = Array.from({ length: 10 }, (_, i) => ({
    lower: Math.round((lower + i * width) * 100) / 100,
    upper: Math.round((lower + (i + 1) * width) * 100) / 100,
    count: Math.round(150 * Math.exp(-(((i - 3.5) / 2.2) ** 2)) + random() * 5),
  }));
  const at = (share: number) => Math.round((lower + share * 10 * width) * 100) / 100;
  const distribution: MarketDistribution = {
    market_id: "mkt_bench",
    bedrooms: null,
    metric: "adr",
    window: "30_0",
    currency: "USD",
    buckets,
    percentiles: { p10: at(0.14), p25: at(0.24), p50: at(0.36), p75: at(0.5), p90: at(0.66) },
  };
  const mine = Array.from({ length: 10 }, (_, i) => ({
    listingId: `bench-${i}`,
    name: `Synthetic listing ${i + 1}`,
    value: i === 9 ? null : Math.round((lower + random() * 10 * width) * 100) / 100,
  }));
  return { series, distribution, mine };
}
