import type { Metadata } from "next";
import { InboxView } from "@/components/webhooks/inbox-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Webhook inbox" };

export default async function WebhookInboxPage() {
  await requireSession();
  return (
    <section aria-labelledby="inbox-title" className="max-w-6xl space-y-6">
      <div>
        <h1 id="inbox-title" className="text-2xl font-semibold">
          Event inbox
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          What the service sent to this dashboard for your account: every event was verified against the
          subscription&apos;s secret before it was kept, then processed to refresh open pages.
        </p>
      </div>
      <InboxView />
    </section>
  );
}
