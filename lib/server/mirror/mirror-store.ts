/**
 * The portfolio mirror as its callers see it: per account, the rows read from the service
 * (listings, reservations, the price calendar's nights, flags, market series, the segments and
 * comp sets its listings belong to), each with the
 * instant it was read and the service's own JSON kept whole (unknown fields included); the
 * sync tasks that fill and refresh them; and the account's sync state. SQLite
 * (`sqlite-mirror.ts`) and PostgreSQL (`postgres-mirror.ts`) keep the same rules, checked by
 * one contract suite (`mirror-contract.ts`).
 *
 * A task is one read of the service for one listing (or the account's listing list, or one
 * market, or the account's segments and sets), claimed under a lease so that two instances never read the same thing at once, and
 * finished in the same transaction that writes its rows: a process killed mid-read leaves the
 * task to be claimed again when its lease runs out, and the rows it writes replace what it
 * covers, so a read done twice leaves no duplicate.
 */

/** What one task reads, in the order the backfill reads them (most useful first). */
import type { MirrorFigureReads, TypedNight } from "@/lib/server/mirror/mirror-figures";

export const TASK_KINDS = [
  "listings",
  "reservations",
  "nights",
  "flags",
  "market",
  "groups",
  "set_prices",
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_RANK: Record<TaskKind, number> = {
  listings: 0,
  reservations: 1,
  nights: 2,
  flags: 3,
  market: 4,
  // Last: a few requests that only Pace's scope choices use, never ahead of a listing's reads.
  groups: 5,
  // A paid set's comps' prices (the groups read names the paid sets): one request a set a day.
  set_prices: 6,
};
/** The kinds each listing needs before it counts as synced. */
export const LISTING_KINDS = ["reservations", "nights", "flags"] as const satisfies readonly TaskKind[];

export interface SyncTask {
  accountId: string;
  kind: TaskKind;
  /** The listing's svc id; the market id for `market`; the set id for `set_prices`; "" for `listings` and `groups`. */
  subject: string;
  /** Whether it was ever finished: a backfill task, or a refresh of rows already held. */
  everDone: boolean;
  attempts: number;
  /** Proves the claim when finishing: a claim taken over after its lease does not match. */
  claimToken: string;
}

export interface MirrorListing {
  listingId: string;
  channel: string;
  channelListingId: string;
  name: string | null;
  marketId: string | null;
  bedrooms: number | null;
  currency: string | null;
  /** Hidden in the service's app: left out of the figures, as the Overview leaves it out. */
  hidden: boolean;
  /** The service's JSON, as it came. */
  body: unknown;
}
export interface MirrorReservation {
  reservationId: string;
  status: string;
  checkIn: string;
  checkOut: string;
  nights: number | null;
  bookedAt: string | null;
  canceledAt: string | null;
  currency: string | null;
  nightlySubtotal: number | null;
  body: unknown;
}
/** A night of the price calendar: its typed columns, and the service's JSON whole. */
export interface MirrorNight extends TypedNight {
  recommendedPrice: number | null;
  minStay: number | null;
  body: unknown;
}

/**
 * A segment, or a set with the caller's listings associated with it (its comp set): the svc ids
 * of the account's listings in it, as the service listed them. `name` is null when unreadable.
 */
export interface MirrorGroup {
  kind: "segment" | "set";
  id: string;
  name: string | null;
  listingIds: string[];
  body: unknown;
}

/** What a finished task read; written with the finish, in one transaction. */
export type TaskResult =
  | { kind: "listings"; listings: MirrorListing[] }
  | { kind: "reservations"; window: { from: string; to: string }; reservations: MirrorReservation[] }
  | { kind: "nights"; window: { from: string; to: string }; currency: string | null; nights: MirrorNight[] }
  | { kind: "flags"; flags: unknown }
  | { kind: "market"; series: Array<{ bedrooms: string; body: unknown }> }
  | { kind: "groups"; groups: MirrorGroup[] }
  | { kind: "set_prices"; prices: SetPricesDay };

/**
 * A paid set's comps' median price for the next 30 nights, as read on `day` (the service's
 * today): the median of the nightly medians over the set calendar's active members
 * (set-prices.ts). `median` is null when no night had a priced comp, or the set's calendar
 * could not be read (more than 25 memberships, no longer paid).
 */
export interface SetPricesDay {
  day: string;
  currency: string | null;
  median: number | null;
  /** Comps counted on the calendar. */
  comps: number;
  /** Nights of the 30 with a median. */
  nights: number;
}

export type TaskOutcome =
  | { ok: true; result: TaskResult; requests: number }
  | { ok: false; error: string; requests: number; retryAt: Date };

/** A reading of the account's state; `state` is derived (syncStateOf in plan.ts). */
export interface SyncRecord {
  accountId: string;
  label: string;
  startedAt: string;
  paused: boolean;
  /** Why the sync stopped for good until started again (a revoked key), in a sentence. */
  stoppedReason: string | null;
  requestsSpent: number;
  /** Unix ms until which no request is sent (a 429's Retry-After); null when none. */
  waitUntil: number | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** The newest webhook event that refreshed this account. */
  lastEventAt: string | null;
  /** The newest row written, any table. */
  lastReadAt: string | null;
  /** The stored read-only key's last four characters and when it was stored; never the key. */
  storedKey: { last4: string; storedAt: string } | null;
}

export interface SyncProgress {
  listingsTotal: number;
  /** Listings whose reservations, nights and flags were each read at least once. */
  listingsSynced: number;
  /** Tasks whose time has come (never read, refreshed by an event, or past 24 hours). */
  tasksDue: number;
  /** Tasks never finished: what the backfill has left. */
  tasksNeverDone: number;
  /** The whole list of listings was read at least once. */
  listingsRead: boolean;
  /** Per kind of read: how many were done at least once, of how many there are. */
  reads: Record<TaskKind, { done: number; total: number }>;
}

export interface MirrorCounts {
  listings: number;
  reservations: number;
  nights: number;
  flags: number;
  marketSeries: number;
  groups: number;
  tasks: number;
}

/** One listing's flags as GET /listings/{id}/flags answered them, read tolerantly by the caller. */
export interface MirroredFlags {
  listingId: string;
  body: unknown;
  readAt: string;
}

/** One set's comps' prices of a day, as the mirror keeps them (one row per set and day). */
export interface MirroredSetPrices extends SetPricesDay {
  setId: string;
  readAt: string;
}

/** One market series as the service sent it: `key` is `<bedroom group or "all">:<metric>`. */
export interface MirroredMarketSeries {
  key: string;
  body: unknown;
  readAt: string;
}

export interface MirrorStore extends MirrorFigureReads {
  /** Starts (or restarts after a stop) the account's sync: its state, and the listings task due now. */
  startSync(accountId: string, label: string, now?: Date): Promise<SyncRecord>;
  syncRecord(accountId: string): Promise<SyncRecord | null>;
  /** Every account with a sync, paused or not. */
  syncAccounts(): Promise<string[]>;
  setPaused(accountId: string, paused: boolean): Promise<boolean>;
  /** The sync cannot go on until started again (a revoked key): said in a sentence. */
  stopSync(accountId: string, reason: string, now?: Date): Promise<void>;
  /** No request before `until` (a 429's Retry-After). */
  waitUntil(accountId: string, until: Date): Promise<void>;
  /** Webhook events reached the account: the time of the newest, shown on the Sync page. */
  noteEvent(accountId: string, at: Date): Promise<void>;
  /** Keeps a read-only key, sealed by the caller (it never sees the key), for when nobody is online. */
  storeKey(accountId: string, sealed: Buffer, last4: string, now?: Date): Promise<boolean>;
  /** The sealed key, for the sync to open; null when none is stored. */
  sealedKey(accountId: string): Promise<Buffer | null>;
  eraseKey(accountId: string): Promise<void>;

  /**
   * Takes up to `limit` due tasks of the account, each leased for `leaseMs`: listings first,
   * then by kind (TASK_RANK), the newest due first within a kind (a webhook's refresh before
   * the nightly reconcile), then the listing's order. A task whose lease ran out unfinished is
   * claimable again.
   */
  claimTasks(accountId: string, limit: number, leaseMs: number, now?: Date): Promise<SyncTask[]>;
  /**
   * Finishes a claimed task: on success its rows replace what it covers and the task is due
   * again after `freshForMs`; on failure the error is kept and the task waits until
   * `retryAt`. Requests are added to the account's count either way. false (and nothing
   * written) when the claim is no longer the caller's.
   */
  finishTask(task: SyncTask, outcome: TaskOutcome, freshForMs: number, now?: Date): Promise<boolean>;
  /** Makes the named listings' tasks of the given kinds due now (a webhook, a write). */
  markDue(accountId: string, kind: TaskKind, listingIds: readonly string[], now?: Date): Promise<number>;
  /** The accounts whose mirror holds any of the listings: who a webhook event concerns. */
  accountsHolding(listingIds: readonly string[]): Promise<string[]>;

  progress(accountId: string, now?: Date): Promise<SyncProgress>;
  counts(accountId: string): Promise<MirrorCounts>;
  listings(accountId: string): Promise<Array<MirrorListing & { readAt: string }>>;
  reservations(accountId: string, listingId: string): Promise<Array<MirrorReservation & { readAt: string }>>;
  nights(accountId: string, listingId: string): Promise<Array<MirrorNight & { readAt: string }>>;
  /** Each listing's flags as the service last sent them, whole; listings never read are absent. */
  flags(accountId: string): Promise<MirroredFlags[]>;

  /**
   * The set's comps' prices, a row per day read, newest day first (the last SET_PRICES_DAYS
   * days are kept). Empty for a set never read (free, or not read yet).
   */
  setPrices(accountId: string, setId: string): Promise<MirroredSetPrices[]>;

  /** The market's series the mirror holds for the account (reader.ts: MARKET_METRICS). */
  marketSeries(accountId: string, marketId: string): Promise<MirroredMarketSeries[]>;

  /**
   * The account's segments and sets as last read (the `groups` task), each with the listings in
   * it: segments first, then sets, each in the service's order. Empty before the first read.
   */
  groups(accountId: string): Promise<Array<Omit<MirrorGroup, "body"> & { readAt: string }>>;

  /** Erases the account's rows, tasks and state. */
  forget(accountId: string): Promise<void>;
  close(): Promise<void>;
}
