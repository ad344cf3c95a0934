import type { Metadata } from "next";
import { MarketBench } from "@/app/bench/market/market-bench";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Market report benchmark", robots: { index: false } };

/**
 * `npm run bench:market` drives this page: a market time series with three overlaid bedroom
 * groups over 27 months and a distribution with my listings placed, rendered from synthetic
 * data made in the browser (no session, no service). A route only in
 * the benches' own build (next.config.mjs).
 */
export default function MarketBenchPage() {
  return (
    <main className="space-y-4 p-6">
      <h1 className="text-lg font-semibold">
        Market report benchmark: 3 bedroom groups × 27 months, a distribution
      </h1>
      <MarketBench />
    </main>
  );
}
