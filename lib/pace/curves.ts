import { addDays, DAY_MS } from "@/lib/format/dates";
import type { StayPeriod } from "@/lib/pace/definitions";

/**
 * The booking curve and the booking-window histograms from the store's counts: the store adds
 * up reservations in SQL (a few thousand rows for a portfolio), this expands and divides. The
 * numbers are `bookingCurve` and `leadTimeAndLength` of definitions.ts exactly; the contract
 * (mirror-contract-curves.ts) checks it on both stores.
 */

/** The booking windows the lead-time and length-of-stay read offers: bookings of the last 30, 90 or 365 days. */
export const BOOKING_WINDOWS = [30, 90, 365] as const;
export type BookingWindow = (typeof BOOKING_WINDOWS)[number];

/** How far before the stay the curve reaches: 0 to 365 days. */
export const CURVE_DAYS = 365;

/**
 * Reservations standing now with nights in a period, per lead of the first night they hold
 * there and the nights they hold there (`MirrorStore.stayLeads`). A reservation's nights in a
 * period are consecutive days, so their leads are `lead`, `lead + 1`, …: the row is its nights.
 */
export interface StayLeadCount {
  /** Whole days from the booking to that night's midnight, floored; null when the booking time is unknown. */
  lead: number | null;
  nights: number;
  reservations: number;
}

/** Reservations booked in a window, per booking window (days to check-in) and stay length. */
export interface BookingWindowCount {
  leadDays: number;
  nights: number;
  reservations: number;
}

/**
 * The curve (share of the period's final nights on the books d days before each night, for d
 * = 0…365) and the final nights it divides by. A night booked at an unknown time is in the
 * final nights and on the curve at no point, as the definitions have it.
 */
export function bookingCurveOf(counts: readonly StayLeadCount[]): { curve: number[]; finalNights: number } {
  const onTheBooks = new Array<number>(CURVE_DAYS + 1).fill(0);
  let finalNights = 0;
  for (const { lead, nights, reservations } of counts) {
    finalNights += nights * reservations;
    if (lead === null) continue;
    // Night j (lead + j) is on the books at every d up to its lead: at d, the nights whose
    // lead reaches d, all of them while d ≤ lead.
    const last = Math.min(CURVE_DAYS, lead + nights - 1);
    for (let d = 0; d <= last; d += 1) onTheBooks[d]! += reservations * Math.min(nights, lead + nights - d);
  }
  return {
    curve: onTheBooks.map((n) => (finalNights === 0 ? 0 : n / finalNights)),
    finalNights,
  };
}

/**
 * The fewest days before the stay at which every night's point of the curve has passed at
 * `now`: the point d of a night counts what was booked by d days before it, which for a night
 * ahead is still to come at small d. 0 for a period that is over.
 */
export function knownFrom(period: StayPeriod, now: string): number {
  const lastNight = Date.parse(addDays(period.to, -1));
  return Math.max(0, Math.ceil((lastNight - Date.parse(now)) / DAY_MS));
}

/** A histogram bucket: values from `min` to `max`, both counted (`max` null: no upper end). */
export interface Bucket {
  label: string;
  min: number;
  max: number | null;
}

const range = (min: number, max: number | null, unit: "day" | "night", label?: string): Bucket => ({
  label:
    label ??
    (max === null
      ? `Over ${min - 1} ${unit}s`
      : min === max
        ? `${min} ${unit}${min === 1 ? "" : "s"}`
        : `${min}–${max} ${unit}s`),
  min,
  max,
});

/** Booking windows as revenue managers group them: last-minute, this week, this month, … a year ahead. */
export const LEAD_BUCKETS: readonly Bucket[] = [
  range(0, 1, "day"),
  range(2, 7, "day"),
  range(8, 14, "day"),
  range(15, 30, "day"),
  range(31, 60, "day"),
  range(61, 90, "day"),
  range(91, 180, "day"),
  range(181, 365, "day"),
  range(366, null, "day"),
];

/** Stay lengths: each night of a week apart, then weekly, monthly and longer stays. */
export const STAY_BUCKETS: readonly Bucket[] = [
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => range(n, n, "night")),
  range(8, 13, "night"),
  range(14, 27, "night"),
  range(28, null, "night", "28 nights or more"),
];

export const bucketOf = (buckets: readonly Bucket[], value: number) =>
  buckets.findIndex((b) => value >= b.min && (b.max === null || value <= b.max));

/** One bucket of a histogram: reservations this year and last year. */
export interface HistogramRow {
  bucket: string;
  this_year: number;
  last_year: number;
}

/** Reservations per bucket of `pick`'s value, this year beside last year. */
export function histogram(
  buckets: readonly Bucket[],
  pick: (count: BookingWindowCount) => number,
  thisYear: readonly BookingWindowCount[],
  lastYear: readonly BookingWindowCount[],
): HistogramRow[] {
  const rows = buckets.map((b) => ({ bucket: b.label, this_year: 0, last_year: 0 }));
  const add = (counts: readonly BookingWindowCount[], year: "this_year" | "last_year") => {
    for (const c of counts) {
      const i = bucketOf(buckets, pick(c));
      // A value no bucket holds (a negative count, which no store sends) is left out, not misplaced.
      if (i >= 0) rows[i]![year] += c.reservations;
    }
  };
  add(thisYear, "this_year");
  add(lastYear, "last_year");
  return rows;
}

export const reservationsIn = (counts: readonly BookingWindowCount[]) =>
  counts.reduce((sum, c) => sum + c.reservations, 0);

/** One point of the curve as the chart draws it: percentages, null where not known yet. */
export interface CurvePoint {
  days: number;
  thisYear: number | null;
  lastYear: number | null;
}

/**
 * The curves as the chart reads them, 365 days before the stay first: a year's points before
 * its `knownFrom` are left out (null) rather than drawn at a share the days to come may lower.
 */
export function curvePoints(
  curve: { this_year: readonly number[]; last_year: readonly number[] },
  known: { this_year: number; last_year: number },
): CurvePoint[] {
  const percent = (values: readonly number[], from: number, d: number) =>
    d < from || values[d] === undefined ? null : Math.round(values[d]! * 1000) / 10;
  return Array.from({ length: CURVE_DAYS + 1 }, (_, i) => {
    const days = CURVE_DAYS - i;
    return {
      days,
      thisYear: percent(curve.this_year, known.this_year, days),
      lastYear: percent(curve.last_year, known.last_year, days),
    };
  });
}

/** The days before the stay a table of the curve reads out: a few, where bookings usually move. */
export const CURVE_TABLE_DAYS = [365, 180, 90, 60, 30, 14, 7, 0] as const;

/** A histogram as the chart reads it: each year's share of its own reservations (%), so that years of different volume compare. */
export function histogramPoints(
  rows: readonly HistogramRow[],
): Array<HistogramRow & { thisYearShare: number; lastYearShare: number }> {
  const total = (year: "this_year" | "last_year") => rows.reduce((sum, r) => sum + r[year], 0);
  const thisYear = total("this_year");
  const lastYear = total("last_year");
  const share = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 10);
  return rows.map((r) => ({
    ...r,
    thisYearShare: share(r.this_year, thisYear),
    lastYearShare: share(r.last_year, lastYear),
  }));
}
