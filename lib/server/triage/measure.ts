import { atFloor, isOpen, windowOccupancy, type NightFacts } from "@/lib/alerts/measure";
import { Readings } from "@/lib/server/alerts/readings";
import type { MirrorListing, MirrorStore } from "@/lib/server/mirror/mirror-store";
import { flagsOf, type ListingMeasures, type PaceMeasure } from "@/lib/triage/factors";

/**
 * Every factor of every listing of the portfolio (not hidden), measured from the account's
 * mirror in one pass over shared reads (the alerts' `Readings`: the same figures, the same
 * floor, the same penetration as the rules'): no read here reaches the service. Each read is
 * one statement grouped by listing, so that the listings' loop below only looks values up.
 */

/** How far back the last booking is looked for: as far as its sub-score falls (0 at 60 days). */
export const LAST_BOOKING_HORIZON = 60;
const PACE_WINDOWS = [30, 60, 90] as const;
const DAY_MS = 86_400_000;

export interface MeasuredListing {
  listingId: string;
  name: string;
  measures: ListingMeasures;
}

export interface Measured {
  listings: MeasuredListing[];
  /** The oldest read among the rows used: the listing records, reservations, calendars and flags. */
  asOf: string | null;
}

const countOf = (nights: readonly NightFacts[], holds: (n: NightFacts) => boolean) => {
  let count = 0;
  for (const n of nights) if (holds(n)) count += 1;
  return count;
};

const oldest = (reads: ReadonlyArray<string | null | undefined>) => {
  let first: string | null = null;
  for (const read of reads) if (read && (first === null || read < first)) first = read;
  return first;
};

/** The market's occupancy over the next 30 nights for each market and bedroom count the listings hold. */
async function marketOccupancies(r: Readings, records: Iterable<MirrorListing>) {
  const asked = new Map<string, Promise<number | null>>();
  for (const record of records) {
    const key = `${record.marketId}:${record.bedrooms}`;
    if (!asked.has(key)) asked.set(key, r.marketOccupancy(record, 30));
  }
  const answers = await Promise.all(asked.values());
  const keys = [...asked.keys()];
  return new Map(keys.map((key, i) => [key, answers[i]!]));
}

export async function measurePortfolio(
  store: MirrorStore,
  accountId: string,
  now: string,
): Promise<Measured> {
  const r = new Readings(store, accountId, now);
  const scope = await r.scope({});
  const [ahead, calendars, covered, lastBooked, flags, coverage, markets] = await Promise.all([
    r.nightsAhead(scope, PACE_WINDOWS),
    r.next30(),
    r.covered(scope),
    r.lastBookedIn(scope, LAST_BOOKING_HORIZON),
    store.flags(accountId),
    r.coverage(scope),
    marketOccupancies(r, scope.records.values()),
  ]);
  const flagsBy = new Map(flags.map((f) => [f.listingId, f]));
  const today = Date.parse(now);
  const reads: Array<string | null> = coverage.map((c) => c.oldestRead);

  const pace = (listingId: string, i: 0 | 1 | 2): PaceMeasure => {
    const window = PACE_WINDOWS[i];
    return {
      nights: window,
      window,
      otb: ahead.now.get(listingId)?.[i] ?? 0,
      stly: ahead.then.get(listingId)?.[i] ?? 0,
    };
  };
  const listings = scope.ids.map((listingId): MeasuredListing => {
    const record = scope.records.get(listingId);
    const calendar = calendars.get(listingId);
    const flagged = flagsBy.get(listingId);
    reads.push(record?.readAt ?? null, calendar?.readAt ?? null, flagged?.readAt ?? null);
    const nights: readonly NightFacts[] | null = calendar?.nights ?? null;
    const occupancy = nights ? windowOccupancy(nights) : null;
    const marketOccupancy = record ? (markets.get(`${record.marketId}:${record.bedrooms}`) ?? null) : null;
    const floor = record && nights ? r.floor(record, nights) : null;
    const booked = lastBooked.get(listingId);
    return {
      listingId,
      name: record?.name ?? listingId,
      measures: {
        // A listing whose reservations are not read yet has nothing to compare: left unmeasured.
        pace_30: covered ? pace(listingId, 0) : null,
        pace_60: covered ? pace(listingId, 1) : null,
        pace_90: covered ? pace(listingId, 2) : null,
        market:
          occupancy && marketOccupancy !== null && marketOccupancy > 0 && occupancy.sellable > 0
            ? { ...occupancy, marketOccupancy }
            : null,
        last_booking:
          covered && nights
            ? {
                days:
                  booked === undefined
                    ? null
                    : Math.max(0, Math.floor((today - Date.parse(booked)) / DAY_MS)),
                horizon: LAST_BOOKING_HORIZON,
                openNights: countOf(nights, isOpen),
              }
            : null,
        at_minimum:
          floor && nights
            ? {
                nights: countOf(nights, (n) => atFloor(n, floor.floor)),
                ...floor,
                currency: calendar?.currency ?? record?.currency ?? null,
              }
            : null,
        // GET /listings/{id}/base_price is not mirrored: the recommendation is not held.
        base_price: null,
        flags: flagged ? flagsOf(flagged.body) : null,
      },
    };
  });
  return { listings, asOf: oldest(reads) };
}
