import type { Metadata } from "next";
import { Suspense } from "react";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { TriageView } from "@/components/triage/triage-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Triage" };

export default async function TriagePage() {
  const session = await requireSession();
  return (
    <section aria-labelledby="triage-title" className="space-y-4">
      <div>
        <h1 id="triage-title" className="text-2xl font-semibold">
          Triage
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Which listings need you today? Every listing scored from 0 to 100 (100 is healthy) from its pace
          against last year, its occupancy against the market, its last booking, its nights at the minimum
          price and its open flags, each with the sentence that explains it. Tick the ones to work on and set
          a custom rate or preferences for them at once.
        </p>
      </div>
      <Suspense fallback={<ListingsTableSkeleton />}>
        <TriageView keyKind={session.keyKind} />
      </Suspense>
    </section>
  );
}
