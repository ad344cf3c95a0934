"use client";

import { useQuery } from "@tanstack/react-query";
import { newestNotificationsQuery } from "@/lib/notifications/queries";
import { AttentionCard } from "./attention-card";
import { EventsCard } from "./events-card";
import { NotificationsCard } from "./notifications-card";
import { PulseCard } from "./pulse-card";
import { RecentCard } from "./recent-card";

/**
 * The page a revenue manager opens every morning. First load spends at most six service
 * requests whatever the portfolio's size: the portfolio, four KPI rankings and the newest
 * notifications; everything per listing waits for a click.
 */
export function OverviewView() {
  // The bell's read: shared, so naming listings from notifications costs nothing more.
  const newest = useQuery(newestNotificationsQuery());
  return (
    <div className="space-y-4">
      <PulseCard />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <AttentionCard notifications={newest.data?.items ?? []} />
        <RecentCard />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <NotificationsCard />
        <EventsCard />
      </div>
    </div>
  );
}
