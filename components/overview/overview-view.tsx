"use client";

import { AttentionCard } from "./attention-card";
import { EventsCard } from "./events-card";
import { PulseCard } from "./pulse-card";
import { RecentCard } from "./recent-card";

/**
 * The page a revenue manager opens every morning. First load spends at most six service
 * requests whatever the portfolio's size: the portfolio, four KPI rankings and the newest
 * notifications; everything per listing waits for a click.
 */
export function OverviewView() {
  return (
    <div className="space-y-4">
      <PulseCard />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <AttentionCard notifications={[]} />
        <RecentCard />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <EventsCard />
      </div>
    </div>
  );
}
