import type { Metadata } from "next";
import { Suspense } from "react";
import { NotificationsSkeleton } from "@/components/notifications/notifications-skeleton";
import { NotificationsView } from "@/components/notifications/notifications-view";
import { requireSession } from "@/lib/server/current-session";
import { sectionAt } from "@/lib/shell/sections";

const section = sectionAt("/notifications");
export const metadata: Metadata = { title: section.label };

export default async function NotificationsPage() {
  const session = await requireSession();
  return (
    <section aria-labelledby="notifications-title" className="max-w-5xl space-y-6">
      <div>
        <h1 id="notifications-title" className="text-2xl font-semibold">
          Notifications
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          What the service noticed for you: new and canceled reservations, flags, rates it could not post,
          demand ahead in your markets. Dismissing one clears it from the bell; it stays readable here under
          &ldquo;Show dismissed&rdquo;.
        </p>
      </div>
      <Suspense fallback={<NotificationsSkeleton />}>
        <NotificationsView keyKind={session.keyKind} />
      </Suspense>
    </section>
  );
}
