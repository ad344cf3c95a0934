import type { Metadata } from "next";
import { AlertsWebhookView } from "@/components/alerts-webhook/alerts-webhook-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Alerts webhook" };

export default async function AlertsWebhookPage() {
  await requireSession();
  return (
    <section aria-labelledby="alerts-webhook-title" className="max-w-6xl space-y-6">
      <div>
        <h1 id="alerts-webhook-title" className="text-2xl font-semibold">
          Alerts webhook
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Rate Desk posts your alerts to an endpoint of yours: at once for rules whose webhook delivery is
          immediate, and once a day at your digest time for the others. Each message is signed as Standard
          Webhooks says, so your receiver can check it came from here.
        </p>
      </div>
      <AlertsWebhookView />
    </section>
  );
}
