import type { Metadata } from "next";
import { AlertsView } from "@/components/alerts/alerts-view";
import { Link } from "@/components/ui/link";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  await requireSession();
  return (
    <section aria-labelledby="alerts-title" className="max-w-5xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="alerts-title" className="text-2xl font-semibold">
            Alerts
          </h1>
          <p className="max-w-3xl text-sm text-slate-600">
            Rules watch the portfolio mirror and raise an alert when a listing needs you, each saying why in
            one sentence. Snooze what can wait, resolve what you handled.
          </p>
        </div>
        <nav aria-label="Alert settings" className="flex gap-4 text-sm">
          <Link href="/alerts/delivery" className="font-medium text-brand-700 hover:underline">
            Delivery settings
          </Link>
          <Link href="/alerts/webhook" className="font-medium text-brand-700 hover:underline">
            Outgoing webhook
          </Link>
        </nav>
      </div>
      <AlertsView />
    </section>
  );
}
