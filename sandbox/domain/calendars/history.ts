/**
 * History of a listing's prices: what was last posted per stay date, the daily base price
 * log, and the postings and snapshots of one stay date.
 *
 * Snapshots are not stored: they are the night's state as the service saw it at each
 * moment it changed — every posting attempt and every booking or cancellation of a
 * reservation covering the night — rebuilt from `calendar_postings` and `reservations`:
 * - price, min_stay, recommended_price: the latest successful posting at or before the
 *   capture (the calendar's current values before the first posting);
 * - booked: a reservation covering the night was booked at or before the capture and not
 *   canceled by then (the latest booking wins should two overlap in time);
 * - available: neither booked nor blocked (host blocks carry no history: today's flag).
 */
import type { CalendarDayHistory } from "../../../lib/svc/schemas/calendar";
import type { BasePriceHistory } from "../../../lib/svc/schemas/listing-extras";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { datesBetween, listingPreferences, type DateRange } from "./range";

type Posting = CalendarDayHistory["postings"][number];
type Snapshot = CalendarDayHistory["snapshots"][number];

export interface LastPosted {
  date: string;
  price: number;
  min_stay: number | null;
  posted_at: string;
}

/** Per stay date in the range, its latest successful posting; dates never posted are absent. */
export function lastPostedPrices(ctx: SandboxContext, svcId: string, range: DateRange): LastPosted[] {
  // SQLite takes the bare columns from the row holding MAX(posted_at).
  return ctx.db
    .prepare(
      `SELECT stay_date AS date, price, min_stay, MAX(posted_at) AS posted_at
       FROM calendar_postings
       WHERE listing_svc_id = ? AND stay_date BETWEEN ? AND ? AND outcome = 'posted'
       GROUP BY stay_date ORDER BY stay_date`,
    )
    .all(svcId, range.start, range.end) as LastPosted[];
}

/**
 * The base price log over the range. Past days come from `base_price_log`; today (and any
 * day since the last logged one, as nothing changed the base price unlogged) is the
 * listing's current recommendation and preference; days not logged, or still ahead, are null.
 */
export function basePriceDays(
  ctx: SandboxContext,
  listing: ListingRow,
  range: DateRange,
  today: string,
): BasePriceHistory["days"] {
  const logged = ctx.db
    .prepare(
      `SELECT date, recommended_base_price, effective_base_price FROM base_price_log
       WHERE listing_svc_id = ? AND date BETWEEN ? AND ?`,
    )
    .all(listing.svc_id, range.start, range.end) as BasePriceHistory["days"];
  const byDate = new Map(logged.map((d) => [d.date, d]));
  const lastLogged = (
    ctx.db
      .prepare(`SELECT MAX(date) AS last FROM base_price_log WHERE listing_svc_id = ?`)
      .get(listing.svc_id) as { last: string | null }
  ).last;
  const current = {
    recommended_base_price: listing.base_price,
    effective_base_price: listingPreferences(ctx, listing).base_price ?? listing.base_price,
  };
  return datesBetween(range.start, range.end).map((date) => {
    const row = byDate.get(date);
    if (row) return row;
    const sinceLastLog = lastLogged === null || date > lastLogged;
    if (date <= today && (date === today || sinceLastLog)) return { date, ...current };
    return { date, recommended_base_price: null, effective_base_price: null };
  });
}

interface PostingRow extends Posting {
  recommended_price: number;
}

interface ReservationEvent {
  reservation_id: string;
  booked_at: string;
  canceled_at: string | null;
}

interface NightNow {
  price: number;
  recommended_price: number;
  min_stay: number;
  blocked: number;
}

/** One stay date's postings and snapshots, both oldest first. */
export function calendarDay(
  ctx: SandboxContext,
  svcId: string,
  date: string,
): Pick<CalendarDayHistory, "postings" | "snapshots"> {
  const postings = ctx.db
    .prepare(
      `SELECT posted_at, price, recommended_price, min_stay, outcome, trigger, error
       FROM calendar_postings WHERE listing_svc_id = ? AND stay_date = ? ORDER BY posted_at`,
    )
    .all(svcId, date) as PostingRow[];
  const night = ctx.db
    .prepare(
      `SELECT price, recommended_price, min_stay, blocked FROM calendar_nights
       WHERE listing_svc_id = ? AND date = ?`,
    )
    .get(svcId, date) as NightNow | undefined;

  // A night before the calendar's first has no history: the stays the world holds from before
  // it (for pace against last year) are reservations, not calendar nights.
  const reservations =
    night === undefined
      ? []
      : (ctx.db
          .prepare(
            `SELECT reservation_id, booked_at, canceled_at FROM reservations
       WHERE listing_svc_id = ? AND check_in <= ? AND check_out > ?`,
          )
          .all(svcId, date, date) as ReservationEvent[]);
  const captures = new Set<string>(postings.map((p) => p.posted_at));
  for (const r of reservations) {
    captures.add(r.booked_at);
    if (r.canceled_at) captures.add(r.canceled_at);
  }
  const snapshots = [...captures].sort().map((at) => snapshotAt(at, postings, reservations, night));
  return {
    // The engine's recommendation belongs to the snapshots, not to what was posted.
    postings: postings.map((p) => ({
      posted_at: p.posted_at,
      price: p.price,
      min_stay: p.min_stay,
      outcome: p.outcome,
      trigger: p.trigger,
      error: p.error,
    })),
    snapshots,
  };
}

function snapshotAt(
  at: string,
  postings: readonly PostingRow[],
  reservations: readonly ReservationEvent[],
  night: NightNow | undefined,
): Snapshot {
  let posted: PostingRow | undefined;
  for (const p of postings) if (p.outcome === "posted" && p.posted_at <= at) posted = p;
  let standing: ReservationEvent | undefined;
  for (const r of reservations) {
    const held = r.booked_at <= at && (r.canceled_at === null || r.canceled_at > at);
    if (held && (!standing || r.booked_at > standing.booked_at)) standing = r;
  }
  const booked = standing !== undefined;
  return {
    captured_at: at,
    price: posted?.price ?? night?.price ?? 0,
    recommended_price: posted?.recommended_price ?? night?.recommended_price ?? 0,
    min_stay: posted?.min_stay ?? night?.min_stay ?? 1,
    available: !booked && night?.blocked !== 1,
    is_booked: booked,
    reservation_id: standing?.reservation_id ?? null,
  };
}
