import type { Metadata } from "next";
import { CalendarBench } from "@/components/sets/calendar/calendar-bench";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set calendar benchmark", robots: { index: false } };

/**
 * `npm run bench:calendar` drives this page. It renders the set calendar from synthetic data
 * made in the browser (no session, no service, nothing of anyone's); a route only in
 * the benches' own build (next.config.mjs).
 */
export default function SetCalendarBenchPage() {
  return (
    <main className="space-y-4 p-6">
      <h1 className="text-lg font-semibold">Set price calendar benchmark: 25 comps × 365 nights</h1>
      <CalendarBench members={25} nights={365} />
    </main>
  );
}
