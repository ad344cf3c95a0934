import type { Metadata } from "next";
import { Suspense } from "react";
import { SetsViewSkeleton } from "@/components/sets/list/sets-skeleton";
import { SetsView } from "@/components/sets/list/sets-view";
import { CREATE_NOTE_ID, NewSetButton } from "@/components/sets/list/new-set-button";
import { requireSession } from "@/lib/server/current-session";
import { createSetPermission } from "@/lib/sets/list";

export const metadata: Metadata = { title: "Sets" };

export default async function SetsPage() {
  const session = await requireSession();
  const permission = createSetPermission(session.keyKind);
  return (
    <section aria-labelledby="sets-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="sets-title" className="text-2xl font-semibold">
            Sets
          </h1>
          <p className="max-w-3xl text-sm text-slate-600">
            Comparison listings you follow, grouped in sets: the ones you built and the ones shared with you.
            Building a set is free; the paid plan adds its analytics.
          </p>
        </div>
        <NewSetButton permission={permission} noteId={permission.allowed ? undefined : CREATE_NOTE_ID} />
      </div>
      <Suspense fallback={<SetsViewSkeleton />}>
        <SetsView keyKind={session.keyKind} />
      </Suspense>
    </section>
  );
}
