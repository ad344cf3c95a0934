import type { Metadata } from "next";
import { ListingBench } from "@/app/bench/listing/listing-bench";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Listing workspace benchmark", robots: { index: false } };

/**
 * `npm run bench:listing` drives this page: the 12-month price calendar and a 27-point KPI
 * chart rendered from synthetic data made in the browser (no session, no service);
 * a route only in the benches' own build (next.config.mjs).
 */
export default function ListingBenchPage() {
  return (
    <main className="space-y-4 p-6">
      <h1 className="text-lg font-semibold">
        Listing workspace benchmark: 12-month calendar, 27-point KPI chart
      </h1>
      <ListingBench />
    </main>
  );
}
