import type { Metadata } from "next";
import { PortfolioBench } from "@/components/calendar/portfolio-bench";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Portfolio calendar benchmark", robots: { index: false } };

/**
 * `npm run bench:portfolio` drives this page. It renders the portfolio calendar's grid from
 * synthetic data made in the browser (no session, no service, nothing of anyone's); a route only
 * in the benches' own build (next.config.mjs).
 */
export default function PortfolioCalendarBenchPage() {
  return (
    <main className="space-y-4 p-6">
      <h1 className="text-lg font-semibold">Portfolio calendar benchmark: listings × 365 nights</h1>
      <PortfolioBench nights={365} />
    </main>
  );
}
