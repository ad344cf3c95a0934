"use client";

import { useQuery } from "@tanstack/react-query";
import { namedListingIds } from "@/lib/overview/named";
import { newestNotificationsQuery } from "@/lib/notifications/queries";
import { inboxQuery } from "@/lib/webhooks/dashboard-queries";
import { useNow } from "@/components/shell/use-now";
import { AttentionCard } from "@/components/overview/attention-card";
import { EventsCard } from "@/components/overview/events-card";
import { NotificationsCard } from "@/components/overview/notifications-card";
import { PulseCard } from "@/components/overview/pulse-card";
import { RecentCard } from "@/components/overview/recent-card";
import { useKnownListings } from "@/components/overview/use-known-listings";
import { useOverviewPortfolio } from "@/components/overview/use-overview-portfolio";

/**
 * The page a revenue manager opens every morning. First load spends a handful of service
 * requests whatever the portfolio's size: the first listing page, the lowest-booked ranking,
 * the newest notifications and, for a portfolio of one page, the pulse's three rankings; for
 * a larger one, at most a few listings that notifications name. Everything else waits for a
 * click (docs/overview-large-decisions.md).
 */
export function OverviewView() {
  // The bell's read: shared, so naming listings from notifications costs nothing more.
  const newest = useQuery(newestNotificationsQuery());
  // The Inbox is the dashboard's own store; not connected simply means no events.
  const inbox = useQuery(inboxQuery());
  // "Recent" events age out while the page stays open; a re-render a minute, no request.
  const now = useNow(60_000);
  const portfolio = useOverviewPortfolio();
  const notifications = newest.data?.items ?? [];
  const known = useKnownListings(
    portfolio.index,
    namedListingIds(notifications, inbox.data?.events ?? [], now),
  );
  return (
    <div className="space-y-4">
      <PulseCard portfolio={portfolio} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <AttentionCard
          portfolio={portfolio}
          known={known}
          notifications={notifications}
          inbox={inbox}
          now={now}
        />
        <RecentCard />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <NotificationsCard known={known} />
        <EventsCard />
      </div>
    </div>
  );
}
