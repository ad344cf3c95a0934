import { addDays } from "@/lib/format/dates";

/**
 * Pace, STLY and pickup by their definitions, over reservations held in memory: the plain
 * reference the store's SQL is checked against, and the words each figure means.
 *
 * Nights and stay periods are the service's dates; instants are UTC ISO strings. A
 * reservation is on the books at instant T for night n when it was booked by T, not cancelled
 * by then, and check_in ≤ n < check_out. Its revenue per night is its nightly subtotal over its
 * nights (fees and taxes excluded); a null subtotal counts the night and no revenue. Amounts
 * in different currencies are never added: every figure is per reservation currency.
 */

export interface PaceReservation {
  checkIn: string;
  checkOut: string;
  /** When it was booked; unknown: on the books as it stands, at no earlier instant. */
  bookedAt: string | null;
  canceledAt: string | null;
  /** As the service sent it: "Canceled" without a `canceled_at` is cancelled at an unknown time. */
  status: string;
  currency: string | null;
  nightlySubtotal: number | null;
}

/** A stay period [from, to): nights from `from` up to the night before `to`. */
export interface StayPeriod {
  from: string;
  to: string;
}

export interface OtbFigures {
  currency: string | null;
  nights: number;
  revenue: number;
  /** Nights whose reservation has no subtotal: counted as nights, not as revenue. */
  nightsWithoutRevenue: number;
}

/** Same time last year: 52 weeks back, so that weekdays line up. */
export const STLY_DAYS = 364;
const DAY_MS = 86_400_000;

export const stayDays = (r: Pick<PaceReservation, "checkIn" | "checkOut">) =>
  Math.max(0, Math.round((Date.parse(r.checkOut) - Date.parse(r.checkIn)) / DAY_MS));

/** Cancelled as it stands now (a time, or only the status saying so). */
const isCancelled = (r: PaceReservation) => r.canceledAt !== null || r.status === "Canceled";

/**
 * On the books at instant `at` (ISO), or as it stands when `at` is null: booked by then and
 * not cancelled by then. A reservation whose booking time is unknown is on the books only as
 * it stands; one cancelled at an unknown time is on the books at no instant.
 */
export function onTheBooks(r: PaceReservation, at: string | null): boolean {
  if (at === null) return !isCancelled(r);
  if (r.bookedAt === null || Date.parse(r.bookedAt) > Date.parse(at)) return false;
  if (r.canceledAt !== null) return Date.parse(r.canceledAt) > Date.parse(at);
  return r.status !== "Canceled";
}

/** Nights of the reservation inside the period. */
export function nightsIn(r: Pick<PaceReservation, "checkIn" | "checkOut">, period: StayPeriod): number {
  const from = Math.max(Date.parse(r.checkIn), Date.parse(period.from));
  const to = Math.min(Date.parse(r.checkOut), Date.parse(period.to));
  return Math.max(0, Math.round((to - from) / DAY_MS));
}

/** Adds one reservation's nights in the period to the per-currency figures. */
function add(into: Map<string | null, OtbFigures>, r: PaceReservation, nights: number) {
  if (nights === 0) return;
  const figures = into.get(r.currency) ?? {
    currency: r.currency,
    nights: 0,
    revenue: 0,
    nightsWithoutRevenue: 0,
  };
  figures.nights += nights;
  if (r.nightlySubtotal === null) figures.nightsWithoutRevenue += nights;
  else figures.revenue += (r.nightlySubtotal * nights) / stayDays(r);
  into.set(r.currency, figures);
}

const sorted = (figures: Map<string | null, OtbFigures>) =>
  [...figures.values()].sort((a, b) => (a.currency ?? "").localeCompare(b.currency ?? ""));

/** `otb_nights` and `otb_revenue` for the period at `at` (null: as the books stand now). */
export function otb(
  reservations: readonly PaceReservation[],
  period: StayPeriod,
  at: string | null,
): OtbFigures[] {
  const figures = new Map<string | null, OtbFigures>();
  for (const r of reservations) {
    if (stayDays(r) > 0 && onTheBooks(r, at)) add(figures, r, nightsIn(r, period));
  }
  return sorted(figures);
}

/** The period 364 days earlier: the same weekdays last year. */
export const stlyPeriod = (period: StayPeriod): StayPeriod => ({
  from: addDays(period.from, -STLY_DAYS),
  to: addDays(period.to, -STLY_DAYS),
});

/** The instant 364 days earlier. */
export const stlyInstant = (at: string) => new Date(Date.parse(at) - STLY_DAYS * DAY_MS).toISOString();

/** `stly_*`: last year's same period on the books at the same time last year. */
export const stly = (reservations: readonly PaceReservation[], period: StayPeriod, at: string) =>
  otb(reservations, stlyPeriod(period), stlyInstant(at));

/** `ly_final_*`: last year's same period as it finally stood (the books as they stand now). */
export const lyFinal = (reservations: readonly PaceReservation[], period: StayPeriod) =>
  otb(reservations, stlyPeriod(period), null);

export interface PickupFigures {
  currency: string | null;
  /** otb_nights(T) − otb_nights(T − W): booked − cancelled. */
  pickupNights: number;
  pickupRevenue: number;
  /** Nights of the period booked in the window (T − W, T], and their revenue. */
  bookedNights: number;
  bookedRevenue: number;
  /** Nights of the period cancelled in the window, and their revenue. */
  canceledNights: number;
  canceledRevenue: number;
}

/**
 * Pickup over the `days` before `at`: what the books gained for the period, the books at T
 * less the books at T − W. Split into the nights booked in the window and those cancelled in
 * it, so that pickup is booked less cancelled (a cancellation whose time is unknown is in
 * neither the split nor the books at any instant).
 */
export function pickup(
  reservations: readonly PaceReservation[],
  period: StayPeriod,
  at: string,
  days: number,
): PickupFigures[] {
  const end = Date.parse(at);
  const start = end - days * DAY_MS;
  const inWindow = (instant: string | null) =>
    instant !== null && Date.parse(instant) > start && Date.parse(instant) <= end;
  const figures = new Map<string | null, PickupFigures>();
  for (const r of reservations) {
    const nights = stayDays(r) > 0 ? nightsIn(r, period) : 0;
    if (nights === 0) continue;
    const sign = Number(onTheBooks(r, at)) - Number(onTheBooks(r, new Date(start).toISOString()));
    const booked = inWindow(r.bookedAt);
    const canceled = inWindow(r.canceledAt);
    if (sign === 0 && !booked && !canceled) continue;
    const f = figures.get(r.currency) ?? {
      currency: r.currency,
      pickupNights: 0,
      pickupRevenue: 0,
      bookedNights: 0,
      bookedRevenue: 0,
      canceledNights: 0,
      canceledRevenue: 0,
    };
    const revenue = r.nightlySubtotal === null ? 0 : (r.nightlySubtotal * nights) / stayDays(r);
    if (booked) {
      f.bookedNights += nights;
      f.bookedRevenue += revenue;
    }
    if (canceled) {
      f.canceledNights += nights;
      f.canceledRevenue += revenue;
    }
    f.pickupNights += sign * nights;
    f.pickupRevenue += sign * revenue;
    figures.set(r.currency, f);
  }
  return [...figures.values()].sort((a, b) => (a.currency ?? "").localeCompare(b.currency ?? ""));
}

/**
 * The booking curve of a period: for each number of days before the stay (0–365), the share
 * of the period's final nights (as the books stand now) that were on the books that many days
 * before each night. Per currency is not needed: it counts nights.
 */
export function bookingCurve(reservations: readonly PaceReservation[], period: StayPeriod): number[] {
  const final = otb(reservations, period, null).reduce((sum, f) => sum + f.nights, 0);
  const curve = new Array<number>(366).fill(0);
  if (final === 0) return curve;
  for (const r of reservations) {
    if (stayDays(r) === 0 || isCancelled(r) || r.bookedAt === null) continue;
    for (let night = r.checkIn; night < r.checkOut; night = addDays(night, 1)) {
      if (night < period.from || night >= period.to) continue;
      // Booked this many days before the night's own day began.
      const lead = Math.floor((Date.parse(night) - Date.parse(r.bookedAt)) / DAY_MS);
      // On the books at d days before the night for every d up to its lead.
      for (let d = 0; d <= Math.min(365, lead); d += 1) curve[d]! += 1;
    }
  }
  return curve.map((n) => n / final);
}

/** Days from booking to check-in (the booking window), and nights, of reservations booked in [from, to). */
export function leadTimeAndLength(
  reservations: readonly PaceReservation[],
  booked: { from: string; to: string },
): { leadDays: number[]; nights: number[] } {
  const from = Date.parse(booked.from);
  const to = Date.parse(booked.to);
  const leadDays: number[] = [];
  const nights: number[] = [];
  for (const r of reservations) {
    if (r.bookedAt === null || stayDays(r) === 0) continue;
    const at = Date.parse(r.bookedAt);
    if (at < from || at >= to) continue;
    leadDays.push(Math.max(0, Math.floor((Date.parse(r.checkIn) - at) / DAY_MS)));
    nights.push(stayDays(r));
  }
  return { leadDays, nights };
}
