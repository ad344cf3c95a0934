import { addMonths } from "@/lib/format/dates";
import { change } from "@/lib/metrics/change";
import type { PaceRowView } from "@/lib/pace/queries";

/**
 * The Overview's pace: the next three stay months (this one and the two after) added up per
 * currency, on the books against the same time last year, with the pickup of the last days.
 * Pure: the pace table's monthly rows in, one summary per currency out. Currencies are never
 * added together, and none appears that the rows do not hold.
 */

export const PACE_PULSE_MONTHS = 3;

export interface PacePulse {
  currency: string;
  /** The stay months added up, `2026-12` first. */
  months: string[];
  otbNights: number;
  stlyNights: number;
  /** Percent against the same time last year; null when last year had none. */
  nightsChange: number | null;
  otbRevenue: number;
  stlyRevenue: number;
  revenueChange: number | null;
  /** Nights booked in the window less nights cancelled in it. */
  pickupNights: number;
  bookedNights: number;
  canceledNights: number;
  pickupRevenue: number;
  /** The same window a year earlier, for last year's months. */
  lyPickupNights: number;
}

/** Sums of amounts in cents, so that three months of floating revenue read as they were sent. */
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The three months from the month of `now` (the service's time the figures were taken at);
 * without it, the three earliest months the rows hold, which is where the pace table starts.
 */
export function pulseMonths(rows: readonly PaceRowView[], now: string | null): string[] {
  if (now !== null) {
    const first = now.slice(0, 7);
    return Array.from({ length: PACE_PULSE_MONTHS }, (_, i) => addMonths(first, i));
  }
  return [...new Set(rows.map((r) => r.period))].sort().slice(0, PACE_PULSE_MONTHS);
}

/**
 * One summary per currency with a row in those months, the currency with most listings first
 * (as the Pace page orders them), then by name. A month without a row for a currency counts
 * nothing there.
 */
export function pacePulse(rows: readonly PaceRowView[], now: string | null): PacePulse[] {
  const months = pulseMonths(rows, now);
  const byCurrency = new Map<string, { listings: number; pulse: PacePulse }>();
  for (const row of rows) {
    if (!months.includes(row.period)) continue;
    const entry = byCurrency.get(row.currency) ?? {
      listings: 0,
      pulse: {
        currency: row.currency,
        months,
        otbNights: 0,
        stlyNights: 0,
        nightsChange: null,
        otbRevenue: 0,
        stlyRevenue: 0,
        revenueChange: null,
        pickupNights: 0,
        bookedNights: 0,
        canceledNights: 0,
        pickupRevenue: 0,
        lyPickupNights: 0,
      },
    };
    const p = entry.pulse;
    entry.listings = Math.max(entry.listings, row.listings);
    p.otbNights += row.otb_nights;
    p.stlyNights += row.stly_nights;
    p.otbRevenue = cents(p.otbRevenue + row.otb_revenue);
    p.stlyRevenue = cents(p.stlyRevenue + row.stly_revenue);
    p.pickupNights += row.pickup_nights;
    p.bookedNights += row.booked_nights;
    p.canceledNights += row.canceled_nights;
    p.pickupRevenue = cents(p.pickupRevenue + row.pickup_revenue);
    p.lyPickupNights += row.ly_pickup_nights;
    byCurrency.set(row.currency, entry);
  }
  return [...byCurrency.values()]
    .sort((a, b) => b.listings - a.listings || a.pulse.currency.localeCompare(b.pulse.currency))
    .map(({ pulse }) => ({
      ...pulse,
      nightsChange: change(pulse.otbNights, pulse.stlyNights),
      revenueChange: change(pulse.otbRevenue, pulse.stlyRevenue),
    }));
}
