import type { NightColumn } from "@/lib/format/night-columns";
import {
  CANCELLED_NOT_SENT,
  chunkResults,
  MAX_BULK_TARGETS,
  resultCounts,
  VIEW_ONLY_NOT_SENT,
  type ListingResult,
} from "@/lib/listing/custom-rates/bulk";
import type { BulkCustomRatesResult, CustomRate, CustomRateInput } from "@/lib/svc/schemas/custom-rates";
import { canWriteListing } from "@/lib/access/listing-access";
import type { Listing } from "@/lib/svc/schemas/listings";
import { NIGHT_BOOKED, NIGHT_MISSING, type RowNights } from "@/lib/calendar/rows";

/**
 * A change over a rectangle of the portfolio calendar: which nights of which listings it
 * writes, how the writes are grouped (listings whose periods are the same share one bulk
 * PUT), and one result line per listing. Booked nights are skipped: a custom rate cannot
 * reprice a stay already sold, and writing one over it would only clutter the listing.
 */

export type NightChange =
  | { kind: "rate"; priceType: "fixed" | "percent"; priceValue: number }
  | { kind: "min_stay"; minStay: number };

export interface Period {
  start_date: string;
  end_date: string;
}

export interface ListingPlan {
  listing: Listing;
  periods: Period[];
  /** Nights the change writes. */
  nights: number;
  /** Booked nights of the rectangle, left as they are. */
  booked: number;
  /** The prices now in force on the nights written, lowest and highest. */
  priceNow: { low: number; high: number } | null;
}

export interface ChangePlan {
  sends: ListingPlan[];
  /** Viewer access: the service would refuse, so not sent. */
  viewOnly: Listing[];
  /** Every selected night booked: nothing to write. */
  allBooked: ListingPlan[];
  /** Nights that could not be read: their booked nights are unknown, so nothing is written. */
  unread: Listing[];
  /** Distinct currencies of what is sent: a fixed price means a different amount in each. */
  currencies: string[];
  bookedTotal: number;
}

/** The rectangle's nights of one row as periods, split around booked nights. */
export function periodsSkippingBooked(
  row: RowNights,
  left: number,
  right: number,
  columns: readonly NightColumn[],
): Omit<ListingPlan, "listing"> {
  const periods: Period[] = [];
  let nights = 0;
  let booked = 0;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  let open: number | null = null;
  const close = (end: number) => {
    if (open === null) return;
    periods.push({ start_date: columns[open]!.date, end_date: columns[end]!.date });
    open = null;
  };
  for (let c = left; c <= right; c++) {
    if (row.state[c] === NIGHT_BOOKED) {
      booked++;
      close(c - 1);
      continue;
    }
    nights++;
    const price = row.price[c]!;
    if (row.state[c] !== NIGHT_MISSING && Number.isFinite(price)) {
      low = Math.min(low, price);
      high = Math.max(high, price);
    }
    if (open === null) open = c;
  }
  close(right);
  return { periods, nights, booked, priceNow: nights > 0 && low <= high ? { low, high } : null };
}

export function planChange(
  targets: readonly { listing: Listing; row: RowNights | null }[],
  left: number,
  right: number,
  columns: readonly NightColumn[],
): ChangePlan {
  const sends: ListingPlan[] = [];
  const viewOnly: Listing[] = [];
  const allBooked: ListingPlan[] = [];
  const unread: Listing[] = [];
  let bookedTotal = 0;
  for (const { listing, row } of targets) {
    // An allow-list: a level we do not know is read only, like a viewer's.
    if (!canWriteListing(listing.access_level)) {
      viewOnly.push(listing);
      continue;
    }
    if (!row) {
      unread.push(listing);
      continue;
    }
    const plan = { listing, ...periodsSkippingBooked(row, left, right, columns) };
    bookedTotal += plan.booked;
    (plan.periods.length === 0 ? allBooked : sends).push(plan);
  }
  return {
    sends,
    viewOnly,
    allBooked,
    unread,
    currencies: [...new Set(sends.map((s) => s.listing.currency))].sort(),
    bookedTotal,
  };
}

/** The periods as written: a min-stay change follows the recommendation (0 %) with that minimum stay. */
export function periodsFor(
  change: NightChange,
  periods: readonly Period[],
  reason?: string,
): CustomRateInput[] {
  return periods.map((p) => ({
    ...p,
    ...(change.kind === "rate"
      ? { price_type: change.priceType, price_value: change.priceValue }
      : { price_type: "percent" as const, price_value: 0, min_stay: change.minStay }),
    ...(reason ? { reason } : {}),
  }));
}

export interface WriteGroup {
  listings: Listing[];
  periods: Period[];
}

/**
 * Listings whose periods are the same go in one bulk PUT (at most MAX_BULK_TARGETS each);
 * a listing with booked nights of its own has periods of its own and is written alone.
 */
export function groupWrites(sends: readonly ListingPlan[], max = MAX_BULK_TARGETS): WriteGroup[] {
  const byPeriods = new Map<string, WriteGroup>();
  const groups: WriteGroup[] = [];
  for (const send of sends) {
    const key = JSON.stringify(send.periods);
    let group = byPeriods.get(key);
    if (!group || group.listings.length >= max) {
      group = { listings: [], periods: send.periods };
      byPeriods.set(key, group);
      groups.push(group);
    }
    group.listings.push(send.listing);
  }
  return groups;
}

/** What one group's write answered: the bulk answer, one listing's periods, or a refusal of the whole call. */
export type GroupOutcome =
  | { kind: "bulk"; result: BulkCustomRatesResult }
  | { kind: "single"; periods: CustomRate[] }
  | { kind: "refused"; reason: string }
  | { kind: "not_sent"; reason: string };

export { CANCELLED_NOT_SENT, resultCounts };
export const ALL_BOOKED_NOT_SENT = "Not sent: every selected night of this listing is booked.";
export const UNREAD_NOT_SENT =
  "Not sent: this listing's nights could not be read, so its booked nights are unknown.";
export const GONE_NOT_SENT = "Not sent: this listing is no longer in this portfolio.";

/** One line per listing of the group, in the group's order. */
export function groupResults(group: WriteGroup, outcome: GroupOutcome): ListingResult[] {
  if (outcome.kind === "single") {
    return group.listings.map((listing) => ({
      listing,
      outcome: "applied",
      periods: outcome.periods.length,
    }));
  }
  return chunkResults(
    group.listings,
    outcome.kind === "bulk" ? { kind: "answered", answer: outcome.result } : outcome,
  );
}

/** The plan's listings that were never written, as result lines. */
export function notSentResults(plan: ChangePlan, gone: readonly Listing[] = []): ListingResult[] {
  return [
    ...plan.allBooked.map((p) => ({
      listing: p.listing,
      outcome: "not_sent" as const,
      reason: ALL_BOOKED_NOT_SENT,
    })),
    ...plan.viewOnly.map((listing) => ({
      listing,
      outcome: "not_sent" as const,
      reason: VIEW_ONLY_NOT_SENT,
    })),
    ...plan.unread.map((listing) => ({ listing, outcome: "not_sent" as const, reason: UNREAD_NOT_SENT })),
    ...gone.map((listing) => ({ listing, outcome: "not_sent" as const, reason: GONE_NOT_SENT })),
  ];
}
