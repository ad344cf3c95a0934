import type { Metadata } from "next";
import { Suspense } from "react";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { ListingsView } from "@/components/listings/listings-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Listings" };

export default async function ListingsPage() {
  const session = await requireSession();
  return (
    <section aria-labelledby="listings-title" className="space-y-4">
      <div>
        <h1 id="listings-title" className="text-2xl font-semibold">
          Listings
        </h1>
        <p className="text-sm text-slate-600">
          Your portfolio: listings you own and listings shared with you.
        </p>
      </div>
      <Suspense fallback={<ListingsTableSkeleton />}>
        <ListingsView keyKind={session.keyKind} />
      </Suspense>
    </section>
  );
}
