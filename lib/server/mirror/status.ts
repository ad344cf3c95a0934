import type { SyncProgress, SyncRecord } from "@/lib/server/mirror/mirror-store";
import { minutesLeft } from "@/lib/server/mirror/pace";
import type { PaceState } from "@/lib/server/mirror/worker";

/**
 * The sync's status as GET /api/sync/status answers it and the Sync page shows it. Pure: the
 * route hands in what the store and this process's worker know.
 *
 * `state`: `failed` when the sync stopped (a refused key), `paused`, `waiting_for_budget` while
 * a 429's Retry-After runs or the pages have spent into the sync's share, `backfilling` while
 * any read is due (the first fill, or a refresh an event asked for), else `idle`.
 */
export const SYNC_STATES = ["idle", "backfilling", "paused", "waiting_for_budget", "failed"] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export interface SyncStatus {
  /** Whether the account has a mirror at all; every figure below is zero without one. */
  enabled: boolean;
  state: SyncState;
  listings_total: number;
  listings_synced: number;
  requests_spent: number;
  /** The share of the key's budget a minute the sync may use now, 0..1. */
  share: number;
  last_event_at: string | null;
  last_error: string | null;
  /** When the newest row was read: what the mirror's figures are "as of". */
  as_of: string | null;
  started_at: string | null;
  /** Until when a 429 holds the sync (ISO), null when it does not. */
  retry_at: string | null;
  /** Minutes the first fill still takes at the current pace; null once it is done. */
  minutes_left: number | null;
  /** What the sync waits for besides its pace: nobody of the account is signed in. */
  waiting_for_user: boolean;
}

export const NO_SYNC: SyncStatus = {
  enabled: false,
  state: "idle",
  listings_total: 0,
  listings_synced: 0,
  requests_spent: 0,
  share: 0,
  last_event_at: null,
  last_error: null,
  as_of: null,
  started_at: null,
  retry_at: null,
  minutes_left: null,
  waiting_for_user: false,
};

/** Requests a task costs before any was done: most are one, a few read several pages. */
const FIRST_GUESS_PER_TASK = 1.3;

export function syncStatusOf(input: {
  record: SyncRecord;
  progress: SyncProgress;
  pace: PaceState | null;
  share: number;
  now: number;
}): SyncStatus {
  const { record, progress, pace, share, now } = input;
  const waiting = record.waitUntil !== null && record.waitUntil > now;
  const state: SyncState = record.stoppedReason
    ? "failed"
    : record.paused
      ? "paused"
      : waiting || pace?.waitingFor === "budget"
        ? "waiting_for_budget"
        : progress.tasksDue > 0 || progress.tasksNeverDone > 0 || !progress.listingsRead
          ? "backfilling"
          : "idle";
  const tasksDone = progress.listingsTotal * 3 - progress.tasksNeverDone;
  const perTask =
    tasksDone > 0 ? Math.max(1, record.requestsSpent / Math.max(1, tasksDone)) : FIRST_GUESS_PER_TASK;
  const neverDone = progress.listingsRead ? progress.tasksNeverDone : progress.tasksNeverDone + 1;
  return {
    enabled: true,
    state,
    listings_total: progress.listingsTotal,
    listings_synced: progress.listingsSynced,
    requests_spent: record.requestsSpent,
    share,
    last_event_at: record.lastEventAt,
    last_error: record.stoppedReason ?? record.lastError,
    as_of: record.lastReadAt,
    started_at: record.startedAt,
    retry_at: waiting ? new Date(record.waitUntil!).toISOString() : null,
    minutes_left:
      neverDone > 0 ? minutesLeft(Math.ceil(neverDone * perTask), share, pace?.limit ?? null) : null,
    waiting_for_user: pace?.waitingFor === "key",
  };
}
