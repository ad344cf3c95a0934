import type { Metadata } from "next";
import { Suspense } from "react";
import { MarketsTableSkeleton } from "@/components/market/markets-skeleton";
import { MarketsView } from "@/components/market/markets-view";
import { sectionAt } from "@/lib/shell/sections";

const section = sectionAt("/market");
export const metadata: Metadata = { title: section.label };

export default function MarketPage() {
  return (
    <section aria-labelledby="market-title" className="space-y-4">
      <div>
        <h1 id="market-title" className="text-2xl font-semibold">
          {section.label}
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          The markets your listings sit in, as the pricing service reports them: how each market moves over
          time and where your listings stand in it. The report only reads; nothing here changes a listing.
        </p>
      </div>
      <Suspense fallback={<MarketsTableSkeleton />}>
        <MarketsView />
      </Suspense>
    </section>
  );
}
