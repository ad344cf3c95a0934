import { stlyInstant, stlyPeriod } from "@/lib/pace/definitions";
import { rankByGap, type ListingGap } from "@/lib/pace/gap";
import { WHOLE_PORTFOLIO, type PaceScope } from "@/lib/pace/scope";
import type { PacePeriod } from "@/lib/pace/table";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { pickupWindow } from "@/lib/server/mirror/pace-report";
import { resolveScope } from "@/lib/server/mirror/pace-scope";

/**
 * What lies behind a cell of the pace table, from the mirror (no service request): the
 * listings that make a period's gap against the same time last year, and the reservations
 * booked or cancelled in a pickup window.
 */
export interface PaceGapReport {
  enabled: boolean;
  now: string | null;
  period: string;
  currency: string;
  gap: { nights: number; revenue: number };
  listings: ListingGap[];
}

export async function paceGap(
  store: MirrorStore,
  accountId: string,
  {
    period,
    currency,
    now,
    scope = WHOLE_PORTFOLIO,
  }: { period: PacePeriod; currency: string; now: string; scope?: PaceScope },
): Promise<PaceGapReport> {
  const empty = {
    enabled: false,
    now: null,
    period: period.period,
    currency,
    gap: { nights: 0, revenue: 0 },
    listings: [],
  };
  if (!(await store.syncRecord(accountId))) return empty;
  const { listings, records } = await resolveScope(store, accountId, scope);
  const [thisYear, lastYear] = await Promise.all([
    store.listingFigures(accountId, period, { listings }),
    store.listingFigures(accountId, stlyPeriod(period), { listings, at: stlyInstant(now) }),
  ]);
  const nameOf = (id: string) => records.get(id)?.name ?? null;
  return {
    enabled: true,
    now,
    period: period.period,
    currency,
    ...rankByGap(thisYear, lastYear, currency, nameOf),
  };
}

export interface PickupReservation {
  listing_id: string;
  name: string | null;
  reservation_id: string;
  check_in: string;
  check_out: string;
  booked_at: string | null;
  canceled_at: string | null;
  currency: string | null;
  /** Nights of the stay inside the period, and their revenue (null: no subtotal known). */
  nights: number;
  revenue: number | null;
  booked: boolean;
  canceled: boolean;
}

export interface PickupReservationsReport {
  enabled: boolean;
  period: string;
  /** This year's window, or the same days a year earlier against the period 364 days back. */
  year: "this" | "last";
  window: { from: string; to: string } | null;
  reservations: PickupReservation[];
}

export async function pickupReservations(
  store: MirrorStore,
  accountId: string,
  {
    period,
    pickupDays,
    year,
    now,
    scope = WHOLE_PORTFOLIO,
  }: { period: PacePeriod; pickupDays: number; year: "this" | "last"; now: string; scope?: PaceScope },
): Promise<PickupReservationsReport> {
  if (!(await store.syncRecord(accountId)))
    return { enabled: false, period: period.period, year, window: null, reservations: [] };
  const { listings, records } = await resolveScope(store, accountId, scope);
  const at = year === "this" ? now : stlyInstant(now);
  const window = pickupWindow(at, pickupDays);
  const found = await store.windowReservations(
    accountId,
    year === "this" ? period : stlyPeriod(period),
    window,
    {
      listings,
    },
  );
  return {
    enabled: true,
    period: period.period,
    year,
    window,
    reservations: found.map((r) => ({
      listing_id: r.listingId,
      name: records.get(r.listingId)?.name ?? null,
      reservation_id: r.reservationId,
      check_in: r.checkIn,
      check_out: r.checkOut,
      booked_at: r.bookedAt,
      canceled_at: r.canceledAt,
      currency: r.currency,
      nights: r.nights,
      revenue: r.revenue === null ? null : Math.round(r.revenue * 100) / 100,
      booked: r.booked,
      canceled: r.canceled,
    })),
  };
}
