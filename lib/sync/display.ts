import { formatCount, formatPercent } from "@/lib/format/numbers";
import type { SyncStatus } from "@/lib/sync/queries";

/** The sync's state in words, and the tone of its badge; a state not known is shown as it came. */
const STATES: Record<string, { label: string; tone: "neutral" | "brand" | "green" | "amber" | "red" }> = {
  idle: { label: "Up to date", tone: "green" },
  backfilling: { label: "Syncing", tone: "brand" },
  paused: { label: "Paused", tone: "neutral" },
  waiting_for_budget: { label: "Waiting for request budget", tone: "amber" },
  failed: { label: "Stopped", tone: "red" },
};
export const stateOf = (state: string) => STATES[state] ?? { label: state, tone: "neutral" as const };

export const syncedOf = (s: Pick<SyncStatus, "listings_synced" | "listings_total">) =>
  `${formatCount(s.listings_synced)} of ${formatCount(s.listings_total)} listings`;

export const shareOf = (share: number) => `${formatPercent(Math.round(share * 100))} of the minute's budget`;

/** "about 3 minutes", "under a minute"; null once nothing is left. */
export function timeLeftOf(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 1) return "under a minute";
  const whole = Math.ceil(minutes);
  return whole < 90
    ? `about ${formatCount(whole)} minutes`
    : `about ${formatCount(Math.round(whole / 60))} hours`;
}
