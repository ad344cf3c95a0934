import {
  nightsIn,
  onTheBooks,
  otb,
  stayDays,
  stlyInstant,
  stlyPeriod,
  type PaceReservation,
} from "@/lib/pace/definitions";
import type { ListingFigures, RecentBookings, WindowReservation } from "@/lib/server/mirror/mirror-figures";
import type { MirrorReservation } from "@/lib/server/mirror/mirror-store";

/**
 * The readings of a few listings (those a webhook's refresh named), counted in memory from
 * their reservations by the pace definitions themselves (`lib/pace/definitions.ts`, which the
 * stores' SQL is checked against by property): one read of each listing's stays, where the
 * store's figures would pass over every stay of each of 24 periods. Same shapes as the store's
 * answers, so the judgments cannot tell them apart.
 */
export type Held = ReadonlyMap<string, readonly MirrorReservation[]>;
type Period = { from: string; to: string };

/** The few listings are many no more past this: the store's figures are cheaper. */
export const FEW_LISTINGS = 25;

const figuresOf = (held: Held, period: Period, at: string | null): ListingFigures[] =>
  [...held].flatMap(([listingId, stays]) => otb(stays, period, at).map((f) => ({ listingId, ...f })));

/** Each month's books per listing now, and last year's same month as it stood a year ago. */
export function monthFiguresOf(held: Held, months: ReadonlyArray<Period & { period: string }>, now: string) {
  const at = stlyInstant(now);
  return months.map((p) => ({
    month: p.period,
    now: figuresOf(held, p, null),
    then: figuresOf(held, stlyPeriod(p), at),
  }));
}

const within = (instant: string | null, window: Period) =>
  instant !== null &&
  Date.parse(instant) > Date.parse(window.from) &&
  Date.parse(instant) <= Date.parse(window.to);

/** As the store's windowReservations: stays touching the period booked or cancelled in (from, to]. */
export function windowRowsOf(held: Held, period: Period, window: Period): WindowReservation[] {
  return [...held].flatMap(([listingId, stays]) =>
    stays.flatMap((r: MirrorReservation & PaceReservation) => {
      const nights = stayDays(r) > 0 ? nightsIn(r, period) : 0;
      const booked = within(r.bookedAt, window);
      const canceled = within(r.canceledAt, window);
      if (nights === 0 || (!booked && !canceled)) return [];
      return [
        {
          listingId,
          reservationId: r.reservationId,
          checkIn: r.checkIn,
          checkOut: r.checkOut,
          bookedAt: r.bookedAt,
          canceledAt: r.canceledAt,
          currency: r.currency,
          nights,
          revenue: r.nightlySubtotal === null ? null : (r.nightlySubtotal * nights) / stayDays(r),
          booked,
          canceled,
        },
      ];
    }),
  );
}

/** As the store's listingNights: each listing's nights on the books in each period, at `at` or as they stand. */
export function listingNightsOf(held: Held, periods: readonly Period[], at: string | null) {
  return [...held].flatMap(([listingId, stays]) => {
    const nights = periods.map((p) =>
      stays.reduce((sum, r) => sum + (stayDays(r) > 0 && onTheBooks(r, at) ? nightsIn(r, p) : 0), 0),
    );
    return nights.some((n) => n > 0) ? [{ listingId, nights }] : [];
  });
}

/** As the store's recentBookings: each listing's bookings in (from, to] still standing, and the newest. */
export function recentBookingsOf(held: Held, window: Period): RecentBookings[] {
  return [...held].flatMap(([listingId, stays]) => {
    const standing = stays.filter(
      (r) => stayDays(r) > 0 && within(r.bookedAt, window) && onTheBooks(r, null),
    );
    if (standing.length === 0) return [];
    const newest = standing.reduce((a, r) => (r.bookedAt! > a ? r.bookedAt! : a), standing[0]!.bookedAt!);
    return [{ listingId, bookings: standing.length, newestBookedAt: newest }];
  });
}
