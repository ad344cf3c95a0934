/**
 * Lexicon metrics over a run of derived nights, for one member or pooled over many.
 *
 * Pooling: counters are summed over the members, then every metric is computed from the sums.
 * Counts and revenue are reported per listing (the sum divided by the listing count), ratios
 * from the pooled sums, so the numbers of one row agree with each other exactly as they do
 * for one listing: revpar = revenue / nights, occupancy_adjusted = 100 × nights_booked /
 * nights_available, nights_available + nights_blocked = nights, and so on.
 */
import type { LexiconMetric } from "../../../lib/svc/schemas/set-analytics";
import { BLOCKED, BOOKED, OPEN, type CompCalendar } from "./comp-nights";

export interface NightCounters {
  nights: number;
  blocked: number;
  booked: number;
  open: number;
  /** Sum of booked nights' prices, in the target currency. */
  revenue: number;
  /** Sum of open nights' prices, in the target currency. */
  askingSum: number;
  /** Runs of consecutive booked nights: a comp's reservation boundaries are not visible. */
  stays: number;
  /** Sum of booked nights' booking windows (days). */
  windowSum: number;
}

export const emptyCounters = (): NightCounters => ({
  nights: 0,
  blocked: 0,
  booked: 0,
  open: 0,
  revenue: 0,
  askingSum: 0,
  stays: 0,
  windowSum: 0,
});

/** Converts one native price into the target currency (cents). */
export type PriceIn = (cal: CompCalendar, index: number) => number;

/** Adds the nights [lo, hi) of a calendar (indices clipped to the calendar). */
export function addNights(into: NightCounters, cal: CompCalendar, lo: number, hi: number, priceIn: PriceIn) {
  const from = Math.max(0, lo);
  const to = Math.min(cal.state.length, hi);
  for (let k = from; k < to; k++) {
    into.nights++;
    const state = cal.state[k];
    if (state === BLOCKED) into.blocked++;
    else if (state === OPEN) {
      into.open++;
      into.askingSum += priceIn(cal, k);
    } else if (state === BOOKED) {
      into.booked++;
      into.revenue += priceIn(cal, k);
      into.windowSum += cal.bookingWindow[k]!;
      if (k === from || cal.state[k - 1] !== BOOKED) into.stays++;
    }
  }
}

export const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
const ratio = (a: number, b: number, digits: number, scale = 1) =>
  b > 0 ? round((scale * a) / b, digits) : null;

/** The 13 lexicon metrics; every one null when there are no nights. */
export function lexiconMetrics(c: NightCounters, listings: number): Record<LexiconMetric, number | null> {
  const empty = c.nights === 0 || listings === 0;
  const perListing = (v: number, digits: number) => (empty ? null : round(v / listings, digits));
  const available = c.nights - c.blocked;
  return {
    adr: ratio(c.revenue, c.booked, 2),
    asking_rate: ratio(c.askingSum, c.open, 2),
    revenue: perListing(c.revenue, 2),
    revpar: ratio(c.revenue, c.nights, 2),
    revpar_adjusted: ratio(c.revenue, available, 2),
    occupancy: ratio(c.booked, c.nights, 1, 100),
    occupancy_adjusted: ratio(c.booked, available, 1, 100),
    nights_booked: perListing(c.booked, 2),
    nights_available: perListing(available, 2),
    nights_blocked: perListing(c.blocked, 2),
    nights_percent_open: ratio(c.open, c.nights, 1, 100),
    length_of_stay: ratio(c.booked, c.stays, 2),
    booking_window: ratio(c.windowSum, c.booked, 1),
  };
}

/** Linear interpolation between closest ranks (R type 7, numpy's default); null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(sorted.length - 1, lo + 1)] as number;
  return round(a + (h - lo) * (b - a), 2);
}

export const ascending = (values: readonly number[]) => values.slice().sort((a, b) => a - b);

export const MONETARY_METRICS: ReadonlySet<string> = new Set([
  "adr",
  "asking_rate",
  "revenue",
  "revpar",
  "revpar_adjusted",
]);
