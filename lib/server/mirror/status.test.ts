import { describe, expect, it } from "vitest";
import type { SyncProgress, SyncRecord } from "@/lib/server/mirror/mirror-store";
import { syncStatusOf } from "@/lib/server/mirror/status";

const NOW = Date.parse("2026-11-27T10:00:00Z");
const record = (over: Partial<SyncRecord> = {}): SyncRecord => ({
  accountId: "usr_owner",
  label: "Olivia Hart",
  startedAt: "2026-11-27T09:58:00.000Z",
  paused: false,
  stoppedReason: null,
  requestsSpent: 20,
  waitUntil: null,
  lastError: null,
  lastErrorAt: null,
  lastEventAt: null,
  lastReadAt: "2026-11-27T09:59:59.000Z",
  storedKey: null,
  ...over,
});
const progress = (over: Partial<SyncProgress> = {}): SyncProgress => ({
  listingsTotal: 34,
  listingsSynced: 5,
  tasksDue: 80,
  tasksNeverDone: 80,
  listingsRead: true,
  reads: {
    listings: { done: 1, total: 1 },
    reservations: { done: 34, total: 34 },
    nights: { done: 5, total: 34 },
    flags: { done: 0, total: 34 },
    market: { done: 0, total: 4 },
    groups: { done: 0, total: 0 },
    set_prices: { done: 0, total: 0 },
  },
  ...over,
});
const status = (r = record(), p = progress(), pace: Parameters<typeof syncStatusOf>[0]["pace"] = null) =>
  syncStatusOf({ record: r, progress: p, pace, share: 0.3, now: NOW });

describe("the sync's state, in the interface's words", () => {
  it("backfilling while reads are due; idle once every listing is covered and nothing is pending", () => {
    expect(status().state).toBe("backfilling");
    expect(status(record(), progress({ listingsSynced: 34, tasksDue: 0, tasksNeverDone: 0 })).state).toBe(
      "idle",
    );
    // A refresh an event asked for is pending work too.
    expect(status(record(), progress({ listingsSynced: 34, tasksDue: 1, tasksNeverDone: 0 })).state).toBe(
      "backfilling",
    );
  });

  it("a stop is failed, with its sentence; paused; a 429's wait or a budget the pages spent is waiting_for_budget", () => {
    expect(status(record({ stoppedReason: "The key was refused.", paused: true }))).toMatchObject({
      state: "failed",
      last_error: "The key was refused.",
    });
    expect(status(record({ paused: true })).state).toBe("paused");
    expect(status(record({ waitUntil: NOW + 5000 }))).toMatchObject({
      state: "waiting_for_budget",
      retry_at: new Date(NOW + 5000).toISOString(),
    });
    expect(status(record({ waitUntil: NOW - 1 })).state).toBe("backfilling");
    expect(status(record(), progress(), { share: 0.3, limit: 120, waitingFor: "budget" }).state).toBe(
      "waiting_for_budget",
    );
    expect(status(record(), progress(), { share: 0.3, limit: 120, waitingFor: "key" })).toMatchObject({
      state: "backfilling",
      waiting_for_user: true,
    });
  });

  it("time left: the reads not yet done, at the requests each cost so far, at the share of the limit", () => {
    // 40 reads done for 60 requests: 1.5 each; 29 + 34 + 4 = 67 left, 101 requests at 36 a minute.
    const s = status(record({ requestsSpent: 60 }), progress(), { share: 0.3, limit: 120, waitingFor: null });
    expect(s.minutes_left).toBeCloseTo(101 / 36, 5);
    expect(status(record(), progress({ listingsRead: false })).minutes_left).toBeNull();
    const done = Object.fromEntries(
      Object.entries(progress().reads).map(([k, r]) => [k, { ...r, done: r.total }]),
    );
    expect(status(record(), progress({ reads: done as never })).minutes_left).toBeNull();
  });
});
