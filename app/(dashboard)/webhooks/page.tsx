import type { Metadata } from "next";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { requireSession } from "@/lib/server/current-session";
import { env } from "@/lib/server/env";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const session = await requireSession();
  return (
    <section aria-labelledby="webhooks-title" className="max-w-6xl space-y-6">
      <div>
        <h1 id="webhooks-title" className="text-2xl font-semibold">
          Webhooks
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          The service tells your endpoints what changed in your portfolio (price recommendations,
          reservations, flags) instead of making them poll. Each request names the listings involved and is
          signed with the subscription&apos;s secret; changes within five minutes arrive together.
        </p>
      </div>
      <WebhooksView keyKind={session.keyKind} usingReferenceService={env().usingReferenceService} />
    </section>
  );
}
