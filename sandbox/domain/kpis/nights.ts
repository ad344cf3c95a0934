import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { converter } from "../fx";
import type { PeriodTotals } from "./totals";

/** One calendar night reduced to what the KPIs need (see totals.ts for the definitions). */
export interface NightFact {
  date: string;
  /** Days since 1970-01-01 (UTC). */
  day: number;
  state: "booked" | "blocked" | "open";
  /** The night's share of its reservation's subtotal; 0 unless booked. */
  revenueCents: number;
  /** Posted price. */
  priceCents: number;
  /** Set on the check-in night of an Accepted reservation. */
  stay: { nights: number; bookingWindowDays: number } | null;
}

/** A night joined to its reservation, read in raw (array) mode: objects cost twice as much. */
type JoinedNight = [
  date: string,
  price: number,
  blocked: number,
  status: string | null,
  checkIn: string | null,
  nights: number | null,
  nightlySubtotal: number | null,
  bookedAt: string | null,
  currency: string | null,
];

const DAY_MS = 86_400_000;

/** Days since the epoch of a `YYYY-MM-DD` date (or the date part of a timestamp). */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A reservation's subtotal split over its nights in whole cents; leftover cents go first. */
function nightShareCents(subtotalCents: number, nights: number, index: number): number {
  const base = Math.floor(subtotalCents / nights);
  return base + (index < subtotalCents - base * nights ? 1 : 0);
}

/**
 * The listing's calendar nights in `[from, to)` (dates; both optional), oldest first, in one
 * query joined to their reservations.
 */
export function loadNightFacts(
  ctx: SandboxContext,
  listing: Pick<ListingRow, "svc_id" | "currency">,
  range: { from?: string; to?: string } = {},
): NightFact[] {
  const joined = ctx.db
    .prepare(
      `SELECT n.date, n.price, n.blocked, r.status, r.check_in, r.nights, r.nightly_subtotal,
              r.booked_at, r.currency
       FROM calendar_nights n
       LEFT JOIN reservations r ON r.reservation_id = n.reservation_id
       WHERE n.listing_svc_id = @id AND n.date >= @from AND n.date < @to
       ORDER BY n.date`,
    )
    .raw(true)
    .all({
      id: listing.svc_id,
      from: range.from ?? "0000-01-01",
      to: range.to ?? "9999-12-31",
    }) as JoinedNight[];

  let convert: ReturnType<typeof converter> | null = null;
  return joined.map(
    ([date, price, blocked, status, checkIn, nights, subtotal, bookedAt, currency]): NightFact => {
      const day = dayNumber(date);
      const priceCents = Math.round(price * 100);
      if (status !== "Accepted" || checkIn === null || !nights) {
        return {
          date,
          day,
          state: blocked === 1 ? "blocked" : "open",
          revenueCents: 0,
          priceCents,
          stay: null,
        };
      }
      const checkInDay = dayNumber(checkIn);
      let revenueCents = priceCents;
      if (subtotal !== null) {
        let amount = subtotal;
        if (currency !== null && currency !== listing.currency) {
          convert ??= converter(ctx);
          amount = convert(amount, currency, listing.currency);
        }
        revenueCents = nightShareCents(Math.round(amount * 100), nights, day - checkInDay);
      }
      const stay =
        day === checkInDay
          ? { nights, bookingWindowDays: checkInDay - dayNumber(bookedAt ?? checkIn) }
          : null;
      return { date, day, state: "booked", revenueCents, priceCents, stay };
    },
  );
}

/** Adds one night to a period's totals. */
export function addNight(t: PeriodTotals, night: NightFact): void {
  t.nights += 1;
  if (night.state === "booked") {
    t.booked += 1;
    t.revenueCents += night.revenueCents;
  } else if (night.state === "blocked") {
    t.blocked += 1;
  } else {
    t.open += 1;
    t.openPriceCents += night.priceCents;
  }
  if (night.stay) {
    t.stays += 1;
    t.stayNights += night.stay.nights;
    t.bookingWindowDays += night.stay.bookingWindowDays;
  }
}
