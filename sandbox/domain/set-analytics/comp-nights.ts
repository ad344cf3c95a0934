/**
 * The nightly calendar of a comparison listing (a set member). Candidates' nights are not
 * stored: they are derived here, deterministically, from three things the database holds —
 *
 *  1. the market's demand model (`market_nights`): price factor = season × weekday × event ×
 *     noise, demand score = season × event × noise (seed/demand.ts);
 *  2. the candidate's stored metrics by window (seed/market-listings.ts), anchored to the day
 *     the world was seeded;
 *  3. a stable hash of (listing, day) (`hashString`, `mulberry32`) for per-night variation.
 *
 * The span (15 months back to 12 forward) is cut into segments that line up with the metric
 * windows: [-365,-90) = 365_0 minus 90_0, [-90,-30) = 90_0 minus 30_0, [-30,0) = 30_0,
 * [0,30) = 0_30, [30,90) = 0_90 minus 0_30, plus two tails (before -365: 365_0's rates;
 * from +90: 0_90's rates with the booking pickup curve decaying further out).
 *
 * In a segment with exact targets the model blocks exactly the window's blocked nights
 * (nights not available) and books exactly its booked nights, so nights_booked,
 * nights_available and occupancy_adjusted of every stored window are reproduced. Which nights
 * are blocked is drawn uniformly; which are booked is a weighted draw without replacement
 * (Efraimidis–Spirakis keys) with weight demand^0.8 × pickupAtLead(lead), so bookings follow
 * demand and thin out with lead time, like the metrics were generated. A tail segment draws
 * its counts from the reference window's rates instead.
 *
 * Prices: each night's price is scale × price factor × a ±4 % jitter, in whole units of the
 * listing's currency. Booked nights use a scale that makes their mean equal the segment's
 * adr (for a difference segment: the revenue difference over the booked-night difference);
 * open and blocked nights use a scale that makes open nights' mean equal the asking_rate. So
 * a member's calendar agrees with its stored metrics: the mean price of its open nights over
 * the next 30 is its asking_rate_0_30, of its booked nights its adr_0_30.
 *
 * An unavailable night's booking_probability_percent is 50..90 when the model booked it and
 * 10..45 when it is held (blocked); min_stay follows the own-calendar rule of
 * seed/calendar.ts (a per-listing base of 1..3, +1 on peak weekends, in high season and on
 * event nights, at most 5). A booked night's booking window (days between booking and stay)
 * is drawn from the pickup curve, at least its lead time as of the seed day.
 */
import { hashString } from "../../data/random";
import { pickupAtLead } from "../../data/seed/market-listings";
import { meanOver, nightInputs } from "./night-inputs";
import { SEGMENTS, clamp, listingFacts, planSegment } from "./segments";
import type { CompListing, DemandNight, ModelSpan } from "./world";

export const OPEN = 0;
export const BOOKED = 1;
export const BLOCKED = 2;

export interface CompCalendar {
  listing: CompListing;
  /** Day of index 0 (the span's first day). */
  startDay: number;
  /** OPEN, BOOKED or BLOCKED per night. */
  state: Uint8Array;
  /** Whole units of the listing's currency. */
  price: Float64Array;
  minStay: Uint8Array;
  /** 0 on open nights, 10..90 on unavailable ones. */
  bookingProbability: Uint8Array;
  /** Days between booking and stay; booked nights only. */
  bookingWindow: Uint16Array;
}

const MAX_BOOKING_WINDOW = 180;

/** Days ahead a night at `lead` was booked: inverse of the pickup curve, at least `lead`. */
function bookingWindowDays(u: number, lead: number): number {
  const ahead = Math.max(0, lead);
  const y = u * pickupAtLead(ahead);
  const days = y <= 0.12 ? MAX_BOOKING_WINDOW : -70 * Math.log(Math.min(1, (y - 0.12) / 0.95));
  return Math.max(ahead, Math.round(Math.min(MAX_BOOKING_WINDOW, days)));
}

/**
 * Marks with `mark` the `count` nights of `idx` (unmarked ones only) with the largest keys.
 * A native typed-array sort finds the threshold; it is several times faster than sorting the
 * indices with a comparator, which matters for the 25 × 365-night calendar.
 */
function markTop(idx: readonly number[], keys: Float64Array, state: Uint8Array, count: number, mark: number) {
  const eligible = idx.filter((k) => state[k] === OPEN);
  if (count <= 0 || eligible.length === 0) return;
  count = Math.min(count, eligible.length);
  const sorted = new Float64Array(eligible.length);
  eligible.forEach((k, i) => (sorted[i] = keys[k]!));
  sorted.sort();
  const threshold = sorted[sorted.length - count]!;
  let left = count;
  for (const k of eligible) {
    if (keys[k]! > threshold) {
      state[k] = mark;
      left--;
    }
  }
  // Ties at the threshold (practically never with random keys) fill what is left, in order.
  for (const k of eligible) {
    if (left > 0 && keys[k] === threshold) {
      state[k] = mark;
      left--;
    }
  }
}

/**
 * The listing's nights. Every segment that overlaps `within` (night indices [lo, hi), default
 * the whole span) is derived in full, so a night's state never depends on the range asked for;
 * nights of segments outside it stay OPEN at price 0 and must not be read.
 */
export function compCalendar(
  listing: CompListing,
  demand: readonly DemandNight[],
  span: ModelSpan,
  within: { lo: number; hi: number } = { lo: 0, hi: span.endDay - span.startDay + 1 },
): CompCalendar {
  const n = span.endDay - span.startDay + 1;
  const listingHash = hashString(listing.listing_id);
  const seedIndex = span.seedDay - span.startDay;
  const segments = SEGMENTS.map((spec) => ({
    spec,
    lo: clamp(seedIndex + spec.from, 0, n),
    hi: clamp(seedIndex + spec.to, 0, n),
  })).filter((s) => s.lo < s.hi && s.hi > within.lo && s.lo < within.hi);
  const needLo = Math.min(...segments.map((s) => s.lo));
  const needHi = Math.max(...segments.map((s) => s.hi));
  const input = nightInputs(listingHash, demand, span, needLo, needHi);
  const lf = listingFacts(listing, input);
  const { draws, jittered, bookKey } = input;

  const state = new Uint8Array(n);
  const price = new Float64Array(n);
  for (const { spec, lo, hi } of segments) {
    const idx = Array.from({ length: hi - lo }, (_, i) => lo + i);
    const plan = planSegment(spec, idx, input, lf);
    markTop(idx, draws.blockKey, state, plan.blocked, BLOCKED);
    markTop(idx, bookKey, state, plan.booked, BOOKED);
    const bookedIdx = idx.filter((k) => state[k] === BOOKED);
    const openIdx = idx.filter((k) => state[k] === OPEN);
    let { adrScale, askingScale } = plan;
    if (plan.adrTarget !== null && bookedIdx.length)
      adrScale = plan.adrTarget / meanOver(jittered, bookedIdx);
    if (plan.askingTarget !== null && openIdx.length)
      askingScale = plan.askingTarget / meanOver(jittered, openIdx);
    for (let k = lo; k < hi; k++) {
      price[k] = Math.max(1, Math.round((state[k] === BOOKED ? adrScale : askingScale) * jittered[k]!));
    }
  }

  const minStay = new Uint8Array(n);
  const bookingProbability = new Uint8Array(n);
  const bookingWindow = new Uint16Array(n);
  const baseMinStay = 1 + (listingHash % 3);
  for (let k = Math.max(0, within.lo); k < Math.min(n, within.hi); k++) {
    const m = demand[k] as DemandNight;
    const peakWeekend = m.weekday > 1.05 && m.season >= 1.1 ? 1 : 0;
    minStay[k] = clamp(baseMinStay + peakWeekend + (m.season >= 1.3 ? 1 : 0) + (m.event > 1.2 ? 1 : 0), 1, 5);
    if (state[k] === BOOKED) {
      bookingProbability[k] = 50 + Math.floor(41 * draws.probability[k]!);
      bookingWindow[k] = bookingWindowDays(draws.window[k]!, k - seedIndex);
    } else if (state[k] === BLOCKED) {
      bookingProbability[k] = 10 + Math.floor(36 * draws.probability[k]!);
    }
  }
  return { listing, startDay: span.startDay, state, price, minStay, bookingProbability, bookingWindow };
}
