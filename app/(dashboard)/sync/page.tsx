import type { Metadata } from "next";
import { SyncPanel } from "@/components/sync/sync-panel";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Portfolio sync" };

export default async function SyncPage() {
  await requireSession();
  return (
    <section aria-labelledby="sync-title" className="max-w-6xl space-y-6">
      <div>
        <h1 id="sync-title" className="text-2xl font-semibold">
          Portfolio sync
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          A copy of your portfolio in this dashboard, read once in the background and then kept fresh by the
          service&apos;s webhooks, so that portfolio-wide answers cost no request per view. It reads with the
          key of whoever of your account has the dashboard open, within a share of the minute&apos;s budget
          that leaves your pages room; no key that can change prices is ever stored.
        </p>
      </div>
      <SyncPanel />
    </section>
  );
}
