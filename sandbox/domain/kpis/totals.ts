/**
 * Listing KPIs: how the 13 lexicon metrics are computed from a listing's calendar nights and
 * reservations. Every endpoint (rolling, monthly, quarterly, yearly, the portfolio ranking
 * and segment aggregated metrics) sums the same per-night facts into `PeriodTotals` and
 * derives the metrics from those sums, so the figures agree across periods by construction.
 *
 * A calendar night of the period is exactly one of:
 * - booked:  its `reservation_id` names an Accepted reservation (Canceled ones never count);
 * - blocked: not booked and `blocked = 1` (closed by the host);
 * - open:    everything else (free to book).
 *
 * Sums over the nights of the period (a period's nights are the calendar nights the service
 * holds inside it; a period without any has every metric null):
 * - revenue: the booked nights' share of their reservation's `nightly_subtotal` (fees and
 *   taxes excluded). A reservation's subtotal is split over its nights in whole cents, the
 *   first nights taking the leftover cents, so revenue is an exact sum of cents in every
 *   period (monthly revenue adds up to quarterly and yearly revenue to the cent). A reservation
 *   without a subtotal contributes each night's posted price.
 * - stays: Accepted reservations whose check-in night falls in the period.
 *
 * Metrics (money rounded to cents, percentages and means to one decimal):
 *   nights_booked, nights_blocked           counts
 *   nights_available    = nights - nights_blocked               (booked + open)
 *   adr                 = revenue / nights_booked                null without booked nights
 *   revpar              = revenue / nights
 *   revpar_adjusted     = revenue / nights_available             null when all nights are blocked
 *   occupancy           = 100 * nights_booked / nights           (percent)
 *   occupancy_adjusted  = 100 * nights_booked / nights_available (percent)
 *   nights_percent_open = 100 * open nights / nights             (percent)
 *   asking_rate         = mean posted price of the open nights   null without open nights
 *   length_of_stay      = mean nights of the stays               null without stays
 *   booking_window      = mean whole days from booked_at's UTC date to check_in of the stays
 * Monetary metrics (adr, asking_rate, revenue, revpar, revpar_adjusted) are in the listing's
 * currency unless converted.
 */
import type { KpiMetric } from "../../../lib/svc/schemas/kpis";

export type KpiValues = Record<KpiMetric, number | null>;

/** Additive sums behind every metric; money in whole cents. */
export interface PeriodTotals {
  nights: number;
  booked: number;
  blocked: number;
  open: number;
  revenueCents: number;
  /** Sum of the open nights' posted prices. */
  openPriceCents: number;
  stays: number;
  stayNights: number;
  bookingWindowDays: number;
}

export const MONETARY_METRICS: ReadonlySet<KpiMetric> = new Set([
  "adr",
  "asking_rate",
  "revenue",
  "revpar",
  "revpar_adjusted",
]);

export function emptyTotals(): PeriodTotals {
  return {
    nights: 0,
    booked: 0,
    blocked: 0,
    open: 0,
    revenueCents: 0,
    openPriceCents: 0,
    stays: 0,
    stayNights: 0,
    bookingWindowDays: 0,
  };
}

/** Adds `from` into `into` (pooling listings or periods). */
export function addTotals(into: PeriodTotals, from: PeriodTotals): void {
  into.nights += from.nights;
  into.booked += from.booked;
  into.blocked += from.blocked;
  into.open += from.open;
  into.revenueCents += from.revenueCents;
  into.openPriceCents += from.openPriceCents;
  into.stays += from.stays;
  into.stayNights += from.stayNights;
  into.bookingWindowDays += from.bookingWindowDays;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
const ratio = (numerator: number, denominator: number, digits: number) =>
  denominator > 0 ? round(numerator / denominator, digits) : null;

/** The 13 lexicon metrics of one period's totals. */
export function metricsFromTotals(t: PeriodTotals): KpiValues {
  const defined = t.nights > 0;
  const available = t.nights - t.blocked;
  const revenue = t.revenueCents / 100;
  const when = <T>(value: T): T | null => (defined ? value : null);
  return {
    adr: ratio(revenue, t.booked, 2),
    asking_rate: ratio(t.openPriceCents / 100, t.open, 2),
    revenue: when(round(revenue, 2)),
    revpar: ratio(revenue, t.nights, 2),
    revpar_adjusted: ratio(revenue, available, 2),
    occupancy: ratio(100 * t.booked, t.nights, 1),
    occupancy_adjusted: ratio(100 * t.booked, available, 1),
    nights_booked: when(t.booked),
    nights_available: when(available),
    nights_blocked: when(t.blocked),
    nights_percent_open: ratio(100 * t.open, t.nights, 1),
    length_of_stay: ratio(t.stayNights, t.stays, 1),
    booking_window: ratio(t.bookingWindowDays, t.stays, 1),
  };
}

/** The money sums of `t` converted into another currency (rounded to cents by the converter). */
export function convertTotals(
  t: PeriodTotals,
  convert: (amount: number, from: string, to: string) => number,
  from: string,
  to: string,
): PeriodTotals {
  if (from === to) return t;
  const cents = (value: number) => Math.round(convert(value / 100, from, to) * 100);
  return { ...t, revenueCents: cents(t.revenueCents), openPriceCents: cents(t.openPriceCents) };
}
