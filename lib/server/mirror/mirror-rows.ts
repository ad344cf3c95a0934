import { addDays } from "@/lib/format/dates";
import { randomBytes } from "node:crypto";
import {
  TASK_KINDS,
  TASK_RANK,
  type MirrorGroup,
  type MirroredFlags,
  type MirroredMarketSeries,
  type SyncProgress,
  type MirrorListing,
  type MirrorNight,
  type MirrorReservation,
  type SyncRecord,
  type SyncTask,
  type TaskKind,
} from "@/lib/server/mirror/mirror-store";
import type { MirroredCalendar } from "@/lib/server/mirror/mirror-figures";

/**
 * What the two engines share: the rows as the databases hold them and their mapping to the
 * store's types. Booleans come back from SQLite as 0/1 and from PostgreSQL as booleans; big
 * integers from PostgreSQL as strings: each mapping reads both.
 */

export const newClaimToken = () => randomBytes(12).toString("base64url");

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const bool = (value: unknown): boolean | null =>
  value === null || value === undefined ? null : value === true || value === 1 || value === "1";
export const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);
const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

export type SyncRow = {
  account_id: string;
  label: string;
  started_at: string | Date;
  paused: number | boolean;
  stopped_reason: string | null;
  requests_spent: number | string;
  wait_until_ms: number | string | null;
  last_error: string | null;
  last_error_at: string | Date | null;
  last_event_at: string | Date | null;
  last_read_at: string | Date | null;
  stored_key_last4: string | null;
  stored_key_at: string | Date | null;
};
export const syncRecordOf = (r: SyncRow): SyncRecord => ({
  accountId: r.account_id,
  label: r.label,
  startedAt: iso(r.started_at)!,
  paused: bool(r.paused) === true,
  stoppedReason: r.stopped_reason,
  requestsSpent: Number(r.requests_spent),
  waitUntil: num(r.wait_until_ms),
  lastError: r.last_error,
  lastErrorAt: iso(r.last_error_at),
  lastEventAt: iso(r.last_event_at),
  lastReadAt: iso(r.last_read_at),
  storedKey: r.stored_key_last4 ? { last4: r.stored_key_last4, storedAt: iso(r.stored_key_at)! } : null,
});

export type TaskRow = {
  account_id: string;
  kind: TaskKind;
  subject: string;
  done_at_ms: number | string | null;
  attempts: number;
  claim_token: string;
};
export const taskOf = (r: TaskRow): SyncTask => ({
  accountId: r.account_id,
  kind: r.kind,
  subject: r.subject,
  everDone: r.done_at_ms !== null,
  attempts: r.attempts,
  claimToken: r.claim_token,
});

/**
 * The per-listing tasks a listing read creates, the market tasks of the markets touched, and
 * the account's one read of its segments and sets (so a mirror begun before that read existed
 * gains it at its next listing read).
 */
export function tasksForListings(listings: readonly MirrorListing[]): Array<{
  kind: TaskKind;
  subject: string;
  rank: number;
  seq: number;
}> {
  const tasks = listings.flatMap((l, seq) =>
    (["reservations", "nights", "flags"] as const).map((kind) => ({
      kind,
      subject: l.listingId,
      rank: TASK_RANK[kind],
      seq,
    })),
  );
  const markets = [...new Set(listings.map((l) => l.marketId).filter((m): m is string => !!m))];
  return [
    ...tasks,
    ...markets.map((subject, seq) => ({ kind: "market" as const, subject, rank: TASK_RANK.market, seq })),
    { kind: "groups" as const, subject: "", rank: TASK_RANK.groups, seq: 0 },
  ];
}

export type GroupRow = {
  kind: string;
  group_id: string;
  name: string | null;
  listing_ids: unknown;
  read_at: string | Date;
};
/** A stored group; SQLite holds its listing ids as JSON text, PostgreSQL as an array. */
export const mirrorGroupOf = (r: GroupRow): Omit<MirrorGroup, "body"> & { readAt: string } => {
  const ids = json(r.listing_ids);
  return {
    kind: r.kind === "set" ? "set" : "segment",
    id: r.group_id,
    name: r.name,
    listingIds: Array.isArray(ids) ? ids.map(String) : [],
    readAt: iso(r.read_at)!,
  };
};

export type ListingRow = {
  listing_id: string;
  channel: string;
  channel_listing_id: string;
  name: string | null;
  market_id: string | null;
  bedrooms: number | null;
  currency: string | null;
  hidden: number | boolean;
  body: unknown;
  read_at: string | Date;
};
export const listingOf = (r: ListingRow): MirrorListing & { readAt: string } => ({
  listingId: r.listing_id,
  channel: r.channel,
  channelListingId: r.channel_listing_id,
  name: r.name,
  marketId: r.market_id,
  bedrooms: num(r.bedrooms),
  currency: r.currency,
  hidden: bool(r.hidden) === true,
  body: json(r.body),
  readAt: iso(r.read_at)!,
});

export type ReservationRow = {
  reservation_id: string;
  status: string;
  check_in: string;
  check_out: string;
  nights: number | null;
  booked_at: string | Date | null;
  canceled_at: string | Date | null;
  currency: string | null;
  nightly_subtotal: number | string | null;
  body: unknown;
  read_at: string | Date;
};
export const reservationOf = (r: ReservationRow): MirrorReservation & { readAt: string } => ({
  reservationId: r.reservation_id,
  status: r.status,
  checkIn: r.check_in,
  checkOut: r.check_out,
  nights: num(r.nights),
  bookedAt: iso(r.booked_at),
  canceledAt: iso(r.canceled_at),
  currency: r.currency,
  nightlySubtotal: num(r.nightly_subtotal),
  body: json(r.body),
  readAt: iso(r.read_at)!,
});

export type NightRow = {
  date: string;
  price: number | string | null;
  recommended_price: number | string | null;
  min_stay: number | null;
  booked: number | boolean | null;
  blocked: number | boolean | null;
  body: unknown;
  read_at: string | Date;
};
export const nightOf = (r: NightRow): MirrorNight & { readAt: string } => ({
  date: r.date,
  price: num(r.price),
  recommendedPrice: num(r.recommended_price),
  minStay: num(r.min_stay),
  booked: bool(r.booked),
  blocked: bool(r.blocked),
  body: json(r.body),
  readAt: iso(r.read_at)!,
});

export type FlagsRow = { listing_id: string; body: unknown; read_at: string | Date };
export const flagsOf = (r: FlagsRow): MirroredFlags => ({
  listingId: r.listing_id,
  body: json(r.body),
  readAt: iso(r.read_at)!,
});

export type MarketSeriesRow = { bedrooms: string; body: unknown; read_at: string | Date };
export const marketSeriesOf = (r: MarketSeriesRow): MirroredMarketSeries => ({
  key: r.bedrooms,
  body: json(r.body),
  readAt: iso(r.read_at)!,
});

/** A failure's error, kept to one line and a bounded length. */
export const errorText = (error: string) => error.replace(/\s+/g, " ").slice(0, 500);

/**
 * Which reservations count, as they stand or as they stood at an instant (the `at` parameter
 * first): a reservation whose status says Canceled with no time of cancellation counts as
 * cancelled from its booking on.
 */
export const STANDING = (at: string | null) =>
  at === null
    ? "(r.canceled_at IS NULL AND r.status <> 'Canceled')"
    : `(r.booked_at <= ${at} AND (r.canceled_at > ${at} OR (r.canceled_at IS NULL AND r.status <> 'Canceled')))`;

/** Reads done of reads there are, per kind, from the store's counts (kinds with no task: 0 of 0). */
export function readsOf(
  rows: ReadonlyArray<{ kind: string; total: number | string; done: number | string }>,
): SyncProgress["reads"] {
  const reads = Object.fromEntries(
    TASK_KINDS.map((k) => [k, { done: 0, total: 0 }]),
  ) as SyncProgress["reads"];
  for (const r of rows)
    if (r.kind in reads) reads[r.kind as TaskKind] = { done: Number(r.done), total: Number(r.total) };
  return reads;
}

/** Nights in [from, to], both days counted. */
export const daysIn = (range: { from: string; to: string }) =>
  Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

/** Groups a range's nights by listing, keeping a listing only when every night of the range is there. */
export function calendarsOf(
  rows: ReadonlyArray<{ listing_id: string; currency: string | null; body: unknown; read_at: string | Date }>,
  range: { from: string; to: string },
): MirroredCalendar[] {
  const byListing = new Map<string, MirroredCalendar>();
  for (const r of rows) {
    const at = iso(r.read_at)!;
    const calendar = byListing.get(r.listing_id) ?? {
      listingId: r.listing_id,
      currency: r.currency,
      readAt: at,
      nights: [],
    };
    if (at < calendar.readAt) calendar.readAt = at;
    calendar.nights.push(json(r.body));
    byListing.set(r.listing_id, calendar);
  }
  return [...byListing.values()].filter((c) => c.nights.length === daysIn(range));
}

/** Days from check-in to check-out (0 for a stay whose dates cannot be read): the stay's length. */
export const stayDays = (r: { checkIn: string; checkOut: string }) => {
  const days = Math.round((Date.parse(r.checkOut) - Date.parse(r.checkIn)) / 86_400_000);
  return Number.isFinite(days) ? Math.max(0, days) : 0;
};

/**
 * The stays that can touch a period: they start before its end and end after its start, and
 * (so that an index bounds the scan) start no earlier than the longest stay held before it.
 */
export const lookBack = (from: string, longest: number) => addDays(from, -Math.max(0, longest));
