import "server-only";
import { z } from "zod";
import { stlyInstant, stlyPeriod } from "@/lib/pace/definitions";
import {
  pacePeriods,
  paceRows,
  PACE_UNITS,
  PICKUP_WINDOWS,
  type PaceRow,
  type PaceUnit,
} from "@/lib/pace/table";
import { errorResponse } from "@/lib/server/http";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { handle, json } from "@/lib/server/mirror/sync-route";
import { serviceNow } from "@/lib/server/service-clock";

/**
 * GET /api/mirror/pace?unit=month|week|night&pickup=1|7|30: the pace table from the account's
 * mirror, on the service's clock, with no service request. Figures cover the listings whose
 * reservations the mirror holds (hidden ones left out), as of the oldest of those reads.
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

const query = z.object({
  unit: z.enum(PACE_UNITS as [PaceUnit, ...PaceUnit[]]).default("month"),
  pickup: z.coerce
    .number()
    .refine((n) => (PICKUP_WINDOWS as readonly number[]).includes(n), "Pickup is over 1, 7 or 30 days.")
    .default(7),
});

export const getPace = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => {
      const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return errorResponse(400, "invalid_query", parsed.error.issues[0]!.message);
      const now = new Date(serviceNow()).toISOString();
      return json(
        await paceReport(runtime.store, account.accountId, {
          unit: parsed.data.unit,
          pickupDays: parsed.data.pickup,
          now,
        }),
      );
    },
    NO_PACE,
  );
