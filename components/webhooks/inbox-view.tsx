"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { inboxQuery } from "@/lib/webhooks/dashboard-queries";
import { listingNamesQuery, marketNameOf } from "@/lib/listings/queries";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useNow } from "@/components/shell/use-now";
import { Timestamp } from "@/components/ui/timestamp";
import {
  EventTypeName,
  ProcessingState,
  listingsWords,
  rejectionWords,
} from "@/components/webhooks/inbox-display";
import { InboxSkeleton } from "@/components/webhooks/inbox-skeleton";

/** The events this dashboard received for the account, newest first, and recent refusals. */
export function InboxView() {
  const inbox = useQuery(inboxQuery());
  // The receiver stamps arrivals with this machine's clock, so "5 min ago" is safe to say.
  const now = useNow(60_000);
  // The named listings and markets by name, from reads already made (one request at most).
  const names = useQuery({
    ...listingNamesQuery(),
    enabled: inbox.data?.events.some((e) => e.listing_ids.length > 0 || e.market_id) ?? false,
  });
  if (inbox.isPending) return <InboxSkeleton />;
  if (inbox.isError) {
    return <ErrorPanel error={inbox.error} onRetry={() => inbox.refetch()} what="the event inbox" />;
  }
  const { connected, events, rejections } = inbox.data;

  return (
    <div data-testid="inbox" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {connected
            ? "This dashboard is connected: events arrive within about five minutes of a change."
            : "This dashboard is not connected, so nothing new arrives."}{" "}
          <Link href="/webhooks" className="font-medium text-brand-700 underline">
            {connected ? "Webhooks" : "Connect it on the Webhooks page"}
          </Link>
        </p>
        <Button variant="secondary" disabled={inbox.isFetching} onClick={() => void inbox.refetch()}>
          {inbox.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </div>

      <section aria-labelledby="inbox-events" className="space-y-2">
        <h2 id="inbox-events" className="text-base font-semibold">
          Received events
        </h2>
        {events.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium">No events received yet.</p>
            <p className="mt-1 text-sm text-slate-600">
              They appear here when the service reports changed recommendations, reservations or flags.
            </p>
          </div>
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Event
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Listings
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Received
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Verification
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Processing
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {events.map((event) => (
                  <tr key={event.event_id} data-event-type={event.type} data-state={event.state}>
                    <td className="px-3 py-2 font-mono text-xs">{event.event_id}</td>
                    <td className="px-3 py-2">
                      <EventTypeName type={event.type} />
                      {event.market_id ? (
                        <span className="block text-xs text-slate-500">
                          Market {marketNameOf(names.data, event.market_id) ?? event.market_id}
                        </span>
                      ) : null}
                    </td>
                    <td className="max-w-xs px-3 py-2 text-xs">{listingsWords(event, names.data)}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <Timestamp at={event.received_at} now={now} />
                    </td>
                    <td className="px-3 py-2">Verified</td>
                    <td className="px-3 py-2">
                      <ProcessingState event={event} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="inbox-rejections" className="space-y-2">
        <h2 id="inbox-rejections" className="text-base font-semibold">
          Refused deliveries
        </h2>
        {rejections.length === 0 ? (
          <p className="text-sm text-slate-600">No delivery was refused.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {rejections.map((r, i) => (
              <li key={`${r.at}-${i}`} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span>{rejectionWords(r.reason)}</span>
                <span className="text-slate-500">
                  <Timestamp at={r.at} now={now} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
