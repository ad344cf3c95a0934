"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { isoInWords } from "@/lib/format/times";
import { countSentence, unreadCount } from "@/lib/notifications/count";
import { newestNotificationsQuery } from "@/lib/notifications/queries";
import { ListingLink } from "@/components/ui/listing-link";
import { FeedTime } from "@/components/ui/feed-time";
import { useNow } from "@/components/shell/use-now";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { OverviewCard } from "@/components/overview/overview-card";
import type { KnownListings } from "@/components/overview/use-known-listings";

const SHOWN = 5;

/** The newest undismissed notifications: the bell's own read, so the two cost one request. */
export function NotificationsCard({ known }: { known: KnownListings }) {
  const newest = useQuery(newestNotificationsQuery());
  const now = useNow(60_000);
  const names = new Map(known.all.map((l) => [l.svc_id, l.name]));
  const shown = newest.data?.items.slice(0, SHOWN) ?? [];

  return (
    <OverviewCard
      title="Newest notifications"
      description={
        newest.data ? countSentence(unreadCount(newest.data)) : "What the service wants you to know."
      }
      state={newest.isError ? "error" : newest.data ? "ready" : "loading"}
      testId="overview-notifications"
      action={
        <Link href="/notifications" className="text-sm text-brand-700 underline-offset-2 hover:underline">
          All notifications
        </Link>
      }
    >
      {newest.isError ? (
        <ErrorPanel what="your notifications" error={newest.error} onRetry={() => void newest.refetch()} />
      ) : !newest.data ? (
        <div className="space-y-2" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing waiting: every notification has been dismissed.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {shown.map((n) => (
            <li key={n.id} className="py-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">{n.title}</span>
                <FeedTime iso={n.created_at} now={now} />
              </div>
              <p className="text-slate-700">{isoInWords(n.message)}</p>
              {n.listing_id ? <ListingLink svcId={n.listing_id} name={names.get(n.listing_id)} /> : null}
            </li>
          ))}
        </ul>
      )}
    </OverviewCard>
  );
}
