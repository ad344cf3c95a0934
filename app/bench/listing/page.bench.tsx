import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ListingBench } from "./listing-bench";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Listing workspace benchmark", robots: { index: false } };

/**
 * `npm run bench:listing` drives this page: the 12-month price calendar and a 27-point KPI
 * chart rendered from synthetic data made in the browser (no session, no service). Served only
 * when the server runs with ENABLE_BENCH_PAGES=1; otherwise a 404.
 */
export default function ListingBenchPage() {
  if (process.env.ENABLE_BENCH_PAGES !== "1") notFound();
  return (
    <main className="space-y-4 p-6">
      <h1 className="text-lg font-semibold">
        Listing workspace benchmark: 12-month calendar, 27-point KPI chart
      </h1>
      <ListingBench />
    </main>
  );
}
