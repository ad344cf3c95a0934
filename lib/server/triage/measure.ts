import { atFloor, isOpen, windowOccupancy } from "@/lib/alerts/measure";
import { Readings } from "@/lib/server/alerts/readings";
import type { ListingFigures } from "@/lib/server/mirror/mirror-figures";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { flagsOf, type ListingMeasures, type PaceMeasure } from "@/lib/triage/factors";

/**
 * Every factor of every listing of the portfolio (not hidden), measured from the account's
 * mirror in one pass over shared reads (the alerts' `Readings`: the same figures, the same
 * floor, the same penetration as the rules'): no read here reaches the service.
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

/** Nights per listing, every currency added (nights are nights in any currency). */
function nightsByListing(rows: readonly ListingFigures[]) {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.listingId, (by.get(r.listingId) ?? 0) + r.nights);
  return by;
}

export async function measurePortfolio(
  store: MirrorStore,
  accountId: string,
  now: string,
): Promise<Measured> {
  const r = new Readings(store, accountId, now);
  const scope = await r.scope({});
  const [paces, calendars, covered, lastBooked, flags, records] = await Promise.all([
    Promise.all(PACE_WINDOWS.map((w) => r.nextNightsFigures(scope, w))),
    r.next30(),
    r.covered(scope),
    r.lastBookedIn(scope, LAST_BOOKING_HORIZON),
    store.flags(accountId),
    store.listings(accountId),
  ]);
  const flagsBy = new Map(flags.map((f) => [f.listingId, f]));
  const paceBy = paces.map(({ now: otb, then }) => ({
    otb: nightsByListing(otb),
    stly: nightsByListing(then),
  }));
  const reads: string[] = [];
  for (const l of records) if (!l.hidden) reads.push(l.readAt);
  const coverage = await store.coverage(accountId, { listings: scope.figures });
  for (const c of coverage) if (c.oldestRead) reads.push(c.oldestRead);

  const listings = await Promise.all(
    scope.ids.map(async (listingId): Promise<MeasuredListing> => {
      const record = scope.records.get(listingId);
      const calendar = calendars.get(listingId);
      const flagged = flagsBy.get(listingId);
      if (calendar) reads.push(calendar.readAt);
      if (flagged) reads.push(flagged.readAt);
      const pace = (i: 0 | 1 | 2): PaceMeasure => {
        const window = PACE_WINDOWS[i];
        return {
          nights: window,
          window,
          otb: paceBy[i]!.otb.get(listingId) ?? 0,
          stly: paceBy[i]!.stly.get(listingId) ?? 0,
        };
      };
      const nights = calendar?.nights ?? null;
      const occupancy = nights ? windowOccupancy(nights) : null;
      const marketOccupancy = record && occupancy ? await r.marketOccupancy(record, 30) : null;
      const floor = record && nights ? r.floor(record, nights) : null;
      const booked = lastBooked.get(listingId);
      return {
        listingId,
        name: record?.name ?? listingId,
        measures: {
          // A listing whose reservations are not read yet has nothing to compare: left unmeasured.
          pace_30: covered ? pace(0) : null,
          pace_60: covered ? pace(1) : null,
          pace_90: covered ? pace(2) : null,
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
                      : Math.max(0, Math.floor((Date.parse(now) - Date.parse(booked)) / DAY_MS)),
                  horizon: LAST_BOOKING_HORIZON,
                  openNights: nights.filter(isOpen).length,
                }
              : null,
          at_minimum:
            floor && nights
              ? {
                  nights: nights.filter((n) => atFloor(n, floor.floor)).length,
                  ...floor,
                  currency: calendar?.currency ?? record?.currency ?? null,
                }
              : null,
          // GET /listings/{id}/base_price is not mirrored: the recommendation is not held.
          base_price: null,
          flags: flagged ? flagsOf(flagged.body) : null,
        },
      };
    }),
  );
  return { listings, asOf: reads.length === 0 ? null : reads.reduce((a, b) => (b < a ? b : a)) };
}
