import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PortfolioBench } from "@/components/calendar/portfolio-bench";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Portfolio calendar benchmark", robots: { index: false } };

/**
 * `npm run bench:portfolio` drives this page. It renders the portfolio calendar's grid from
 * synthetic data made in the browser (no session, no service, nothing of anyone's), and only
 * when the server runs with ENABLE_BENCH_PAGES=1; otherwise it is a 404.
 */
export default function PortfolioCalendarBenchPage() {
  if (process.env.ENABLE_BENCH_PAGES !== "1") notFound();
  return (
    <main className="space-y-4 p-6">
      <h1 className="text-lg font-semibold">Portfolio calendar benchmark: listings × 365 nights</h1>
      <PortfolioBench nights={365} />
    </main>
  );
}
