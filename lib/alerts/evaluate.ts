import type { RuleParams } from "@/lib/alerts/rules";
import {
  atMinimumWhy,
  belowMarketWhy,
  behindStlyWhy,
  noBookingWhy,
  pickupBelowLyWhy,
} from "@/lib/alerts/why";

/**
 * Whether each rule's condition holds, from measurements already made: pure, so each
 * threshold's edges (just under, at, just over) are unit tests. Every judgment says which
 * (listing, period) it could measure, holding or not: an open alert clears only where its
 * condition was measured and no longer holds, never for want of data.
 *
 * "More than X %" and "below X %" are strict: exactly X does not fire. Ratios are compared
 * cross-multiplied, so no rounding decides an edge.
 */

export interface Finding {
  listingId: string;
  /**
   * A stay month (`2026-08`) for behind_stly, a flag's code for flag_gained; null for a rule
   * about the listing as a whole.
   */
  period: string | null;
  measured: Record<string, number | string | null>;
  against: Record<string, number | string | null>;
  why: string;
}
export interface Judgment {
  holds: Finding[];
  /** `keyOf` of every (listing, period) measured, holding or not. */
  measured: Set<string>;
  /**
   * Listings measured whole, every period of them: what they no longer hold is gone (a flag
   * missing from a listing's flags as read).
   */
  measuredListings?: Set<string>;
}

export const keyOf = (listingId: string, period: string | null) => `${listingId}\u0000${period ?? ""}`;

function judge<T extends { listingId: string }>(
  rows: readonly T[],
  period: (row: T) => string | null,
  finding: (row: T) => Omit<Finding, "listingId" | "period"> | null | "unmeasured",
): Judgment {
  const holds: Finding[] = [];
  const measured = new Set<string>();
  for (const row of rows) {
    const found = finding(row);
    if (found === "unmeasured") continue;
    measured.add(keyOf(row.listingId, period(row)));
    if (found) holds.push({ listingId: row.listingId, period: period(row), ...found });
  }
  return { holds, measured };
}

/** A listing's stay month against the same time last year (lib/pace/definitions.ts). */
export interface MonthBooks {
  listingId: string;
  month: string;
  nights: number;
  stlyNights: number;
  /** Revenue in `currency`; null when the listing's books are in several currencies. */
  revenue: number | null;
  stlyRevenue: number | null;
  currency: string | null;
  /** Its reservations touching the month cancelled in the last 7 days. */
  cancellations: number;
}

/**
 * A stay month is judged behind only when last year held this many nights at the same time:
 * "0 against 2" a year out is chance, not pace, and at a portfolio's scale such months would
 * fill the digest. Below it the month holds no alert (one raised before clears).
 */
export const BEHIND_STLY_MIN_NIGHTS = 5;

export function judgeBehindStly(
  params: RuleParams<"behind_stly">,
  rows: readonly MonthBooks[],
  today: string,
) {
  return judge(
    rows,
    (r) => r.month,
    (r) => {
      const now = params.metric === "nights" ? r.nights : r.revenue;
      const then = params.metric === "nights" ? r.stlyNights : r.stlyRevenue;
      // Nothing last year to be behind of, or revenue in several currencies: not measured.
      if (now === null || then === null || then <= 0) return "unmeasured";
      if (r.stlyNights < BEHIND_STLY_MIN_NIGHTS) return null;
      if ((then - now) * 100 <= params.percent * then) return null;
      const behindPercent = ((then - now) * 100) / then;
      return {
        measured: { [params.metric]: now, currency: r.currency, cancellations_7d: r.cancellations },
        against: { [`stly_${params.metric}`]: then, percent: params.percent },
        why: behindStlyWhy({
          month: r.month,
          today,
          metric: params.metric,
          now,
          stly: then,
          currency: r.currency,
          behindPercent,
          cancellations: r.cancellations,
        }),
      };
    },
  );
}

/** Bookings made in the rule's window (standing), and the open nights of the next 30 (null: calendar not held). */
export interface BookingQuiet {
  listingId: string;
  bookings: number;
  openNights: number | null;
}

export function judgeNoBooking(params: RuleParams<"no_booking">, rows: readonly BookingQuiet[]) {
  return judge(
    rows,
    () => null,
    (r) => {
      if (r.openNights === null) return "unmeasured";
      if (r.bookings > 0 || r.openNights === 0) return null;
      return {
        measured: { bookings: 0, open_nights_30: r.openNights },
        against: { days: params.days },
        why: noBookingWhy({ days: params.days, openNights: r.openNights }),
      };
    },
  );
}

/** A listing's booked and sellable nights of the window, and the market's mean occupancy (percent) over it. */
export interface Penetration {
  listingId: string;
  booked: number;
  sellable: number;
  marketOccupancy: number | null;
}

export function judgeBelowMarket(params: RuleParams<"below_market">, rows: readonly Penetration[]) {
  return judge(
    rows,
    () => null,
    (r) => {
      if (r.sellable === 0 || r.marketOccupancy === null || r.marketOccupancy <= 0) return "unmeasured";
      // occupancy / market < percent %, with occupancy = booked / sellable (in percent).
      if (r.booked * 100 * 100 >= params.percent * r.marketOccupancy * r.sellable) return null;
      const occupancy = (r.booked * 100) / r.sellable;
      const penetration = (occupancy * 100) / r.marketOccupancy;
      return {
        measured: { occupancy, booked: r.booked, sellable: r.sellable, penetration },
        against: { market_occupancy: r.marketOccupancy, percent: params.percent, window: params.window },
        why: belowMarketWhy({
          window: params.window,
          occupancy,
          marketOccupancy: r.marketOccupancy,
          penetration,
        }),
      };
    },
  );
}

/** Nights of the next 30 at the listing's floor (null: no floor or calendar). */
export interface FloorCount {
  listingId: string;
  atFloor: number;
  floor: { floor: number; source: "min_price" | "lowest" } | null;
  currency: string | null;
}

export function judgeAtMinimum(params: RuleParams<"at_minimum">, rows: readonly FloorCount[]) {
  return judge(
    rows,
    () => null,
    (r) => {
      if (r.floor === null) return "unmeasured";
      if (r.atFloor <= params.nights) return null;
      return {
        measured: { nights_at_floor: r.atFloor, floor: r.floor.floor, floor_source: r.floor.source },
        against: { nights: params.nights },
        why: atMinimumWhy({ atFloor: r.atFloor, ...r.floor, currency: r.currency }),
      };
    },
  );
}

/** A listing's 7-day pickup (nights booked less cancelled) for the next 12 months, and last year's. */
export interface ListingPickup {
  listingId: string;
  pickup: number;
  lyPickup: number;
}

export function judgePickupBelowLy(params: RuleParams<"pickup_below_ly">, rows: readonly ListingPickup[]) {
  return judge(
    rows,
    () => null,
    (r) => {
      if (r.lyPickup <= 0) return "unmeasured";
      if ((r.lyPickup - r.pickup) * 100 <= params.percent * r.lyPickup) return null;
      const belowPercent = ((r.lyPickup - r.pickup) * 100) / r.lyPickup;
      return {
        measured: { pickup_nights: r.pickup },
        against: { ly_pickup_nights: r.lyPickup, percent: params.percent },
        why: pickupBelowLyWhy({ pickup: r.pickup, lyPickup: r.lyPickup, belowPercent }),
      };
    },
  );
}
