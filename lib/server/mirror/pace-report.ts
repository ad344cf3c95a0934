import { stlyInstant, stlyPeriod } from "@/lib/pace/definitions";
import { pacePeriods, paceRows, type PaceRow, type PaceUnit } from "@/lib/pace/table";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";

/**
 * The pace table from the account's mirror (GET /api/mirror/pace, pace-route.ts): no service
 * request. Figures cover the listings whose reservations the mirror holds (hidden ones left
 * out), as of the oldest of those reads.
 */
export interface PaceReport {
  enabled: boolean;
  /** The service's time the figures are taken at. */
  now: string | null;
  as_of: string | null;
  unit: PaceUnit;
  pickup_days: number;
  listings_covered: number;
  listings_total: number;
  rows: PaceRow[];
}

export const NO_PACE: PaceReport = {
  enabled: false,
  now: null,
  as_of: null,
  unit: "month",
  pickup_days: 7,
  listings_covered: 0,
  listings_total: 0,
  rows: [],
};

const DAY_MS = 86_400_000;
const before = (instant: string, days: number) => new Date(Date.parse(instant) - days * DAY_MS).toISOString();

export async function paceReport(
  store: MirrorStore,
  accountId: string,
  { unit, pickupDays, now }: { unit: PaceUnit; pickupDays: number; now: string },
): Promise<PaceReport> {
  if (!(await store.syncRecord(accountId))) return { ...NO_PACE, unit, pickup_days: pickupDays };
  const periods = pacePeriods(unit, now.slice(0, 10));
  const lastYear = periods.map(stlyPeriod);
  const stlyAt = stlyInstant(now);
  const [otb, stly, lyFinal, pickup, lyPickup, coverage] = await Promise.all([
    store.stayFigures(accountId, periods),
    store.stayFigures(accountId, lastYear, stlyAt),
    store.stayFigures(accountId, lastYear),
    store.windowFigures(accountId, periods, { from: before(now, pickupDays), to: now }),
    store.windowFigures(accountId, lastYear, { from: before(stlyAt, pickupDays), to: stlyAt }),
    store.coverage(accountId),
  ]);
  const covered = coverage.filter((c) => c.listings > 0);
  return {
    enabled: true,
    now,
    as_of: covered.flatMap((c) => (c.oldestRead ? [c.oldestRead] : [])).sort()[0] ?? null,
    unit,
    pickup_days: pickupDays,
    listings_covered: covered.reduce((sum, c) => sum + c.listings, 0),
    listings_total: coverage.reduce((sum, c) => sum + c.total, 0),
    rows: paceRows(
      periods,
      periods.map((_, i) => ({
        otb: otb[i]!,
        stly: stly[i]!,
        lyFinal: lyFinal[i]!,
        pickup: pickup[i]!,
        lyPickup: lyPickup[i]!,
      })),
      covered,
    ),
  };
}
