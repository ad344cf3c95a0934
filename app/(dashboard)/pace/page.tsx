import type { Metadata } from "next";
import { PaceView } from "@/components/pace/pace-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Pace" };

export default async function PacePage() {
  await requireSession();
  return (
    <section aria-labelledby="pace-title" className="max-w-7xl space-y-6">
      <div>
        <h1 id="pace-title" className="text-2xl font-semibold">
          Pace
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Are you ahead of last year? Each stay period ahead, on the books now against the same time last year
          and against how last year finally ended, with what the last days picked up.
        </p>
      </div>
      <PaceView />
    </section>
  );
}
