"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { eventTypeName } from "@/lib/display/event-types";
import { inboxQuery } from "@/lib/webhooks/dashboard-queries";
import { useNow } from "@/components/shell/use-now";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Timestamp } from "@/components/ui/timestamp";
import { OverviewCard } from "@/components/overview/overview-card";

const SHOWN = 5;

/** The newest events this dashboard's receiver took in (its own Inbox; no service request). */
export function EventsCard() {
  const inbox = useQuery(inboxQuery());
  const events = inbox.data?.events.slice(0, SHOWN) ?? [];
  // Arrivals are stamped by this dashboard's own receiver, on the reader's clock: relative is safe.
  const now = useNow(60_000);

  return (
    <OverviewCard
      title="Latest webhook events"
      description="What the service told this dashboard changed."
      state={inbox.isError ? "error" : inbox.data ? "ready" : "loading"}
      testId="events"
      action={
        <Link href="/webhooks/inbox" className="text-sm text-brand-700 underline-offset-2 hover:underline">
          Open the Inbox
        </Link>
      }
    >
      {inbox.isError ? (
        <ErrorPanel what="the Inbox" error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : !inbox.data ? (
        <div className="space-y-2" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : !inbox.data.connected ? (
        <p className="text-sm text-slate-600">
          This dashboard is not connected to your account&apos;s webhooks, so it hears of no changes.{" "}
          <Link href="/webhooks" className="text-brand-700 underline underline-offset-2">
            Connect it on the Webhooks page
          </Link>
          .
        </p>
      ) : events.length === 0 ? (
        <p className="text-sm text-slate-600">Connected; no event has arrived yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {events.map((event) => (
            <li key={event.event_id} className="py-1.5">
              <span className="font-medium">{eventTypeName(event.type)}</span>{" "}
              <span className="text-slate-600">
                {event.listing_ids.length === 1 ? "1 listing" : `${event.listing_ids.length} listings`},{" "}
                <Timestamp at={event.received_at} now={now} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </OverviewCard>
  );
}
