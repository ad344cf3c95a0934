import type { SyncProgress, SyncRecord, TaskKind } from "@/lib/server/mirror/mirror-store";
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
  /** The read-only key stored for when nobody is signed in: its last four characters, never the key. */
  stored_key: { last4: string; stored_at: string } | null;
  /** Reads done at least once of the reads there are, per kind (the progress bar's measure). */
  reads: Record<TaskKind, { done: number; total: number }>;
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
  stored_key: null,
  reads: {
    listings: { done: 0, total: 0 },
    reservations: { done: 0, total: 0 },
    nights: { done: 0, total: 0 },
    flags: { done: 0, total: 0 },
    market: { done: 0, total: 0 },
    groups: { done: 0, total: 0 },
    set_prices: { done: 0, total: 0 },
  },
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
  const kinds = Object.values(progress.reads);
  const readsDone = kinds.reduce((sum, r) => sum + r.done, 0);
  const readsLeft = kinds.reduce((sum, r) => sum + r.total - r.done, 0);
  const perRead = readsDone > 0 ? Math.max(1, record.requestsSpent / readsDone) : FIRST_GUESS_PER_TASK;
  // Before the listing list is read, how much there is to read is not known yet.
  const minutes =
    progress.listingsRead && readsLeft > 0
      ? minutesLeft(Math.ceil(readsLeft * perRead), share, pace?.limit ?? null)
      : null;
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
    minutes_left: minutes,
    waiting_for_user: pace?.waitingFor === "key",
    stored_key: record.storedKey
      ? { last4: record.storedKey.last4, stored_at: record.storedKey.storedAt }
      : null,
    reads: progress.reads,
  };
}
