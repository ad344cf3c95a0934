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

/** The reads of each kind in the words of the Sync page, in the order the sync reads them. */
const READ_NAMES: Array<[kind: string, noun: string]> = [
  ["reservations", "Reservations"],
  ["nights", "Price calendars"],
  ["flags", "Flags"],
  ["market", "Markets"],
  ["groups", "Segments and comp sets"],
  ["set_prices", "Paid sets' comp prices"],
];
/** Reads an account may have none of: not listed then (an account without a paid set). */
const WHEN_ANY = new Set(["set_prices"]);
export function readLines(reads: SyncStatus["reads"]): Array<{ noun: string; text: string }> {
  return READ_NAMES.filter(([kind]) => reads[kind] && (!WHEN_ANY.has(kind) || reads[kind].total > 0)).map(
    ([kind, noun]) => ({
      noun,
      text: `${formatCount(reads[kind]!.done)} of ${formatCount(reads[kind]!.total)}`,
    }),
  );
}

/** All reads done at least once of all reads there are: what the progress bar measures. */
export function readTotals(reads: SyncStatus["reads"]): { done: number; total: number } {
  return Object.values(reads).reduce((sum, r) => ({ done: sum.done + r.done, total: sum.total + r.total }), {
    done: 0,
    total: 0,
  });
}
