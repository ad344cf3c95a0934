import { addDays, addMonths, parseDay } from "@/lib/format/dates";
import { change } from "@/lib/metrics/change";
import { stlyPeriod, type OtbFigures, type StayPeriod } from "@/lib/pace/definitions";

/**
 * The pace table: stay periods ahead (months, ISO weeks or nights), each per currency, on the
 * books now against the same time last year and last year's final, with pickup over the last
 * W days against the same window last year. Pure: the store counts, this names and divides.
 * Field names are the CSV's columns.
 */

export type PaceUnit = "month" | "week" | "night";
export const PACE_UNITS: readonly PaceUnit[] = ["month", "week", "night"];
export const PICKUP_WINDOWS = [1, 7, 30] as const;
export type PickupWindow = (typeof PICKUP_WINDOWS)[number];

export interface PacePeriod extends StayPeriod {
  /** `2026-12` for a month, `2026-W49` for a week, `2026-12-05` for a night. */
  period: string;
}

/** The ISO week of a day: `2026-W49` (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(d.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The periods ahead from today: the next 12 months (this one first), 13 weeks (this one first), or 90 nights. */
export function pacePeriods(unit: PaceUnit, today: string): PacePeriod[] {
  if (unit === "month") {
    const first = today.slice(0, 7);
    return Array.from({ length: 12 }, (_, i) => {
      const month = addMonths(first, i);
      return { period: month, from: `${month}-01`, to: `${addMonths(month, 1)}-01` };
    });
  }
  if (unit === "week") {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = addDays(today, -weekday);
    return Array.from({ length: 13 }, (_, i) => {
      const from = addDays(monday, 7 * i);
      return { period: isoWeek(from), from, to: addDays(from, 7) };
    });
  }
  return Array.from({ length: 90 }, (_, i) => {
    const night = addDays(today, i);
    return { period: night, from: night, to: addDays(night, 1) };
  });
}

/** The nights any pace view of `today` covers, [from, to): what the market overlay needs mirrored. */
export function paceReach(today: string): { from: string; to: string } {
  const ends = PACE_UNITS.map((unit) => pacePeriods(unit, today)).map((ps) => ({
    from: ps[0]!.from,
    to: ps.at(-1)!.to,
  }));
  return {
    from: ends.map((e) => e.from).sort()[0]!,
    to: ends
      .map((e) => e.to)
      .sort()
      .at(-1)!,
  };
}

const PERIOD_PATTERNS: Record<PaceUnit, RegExp> = {
  month: /^(\d{4})-(0[1-9]|1[0-2])$/,
  week: /^(\d{4})-W(0[1-9]|[1-4]\d|5[0-3])$/,
  night: /^\d{4}-\d{2}-\d{2}$/,
};

/** A period named as the table names it (`2026-12`, `2026-W49`, `2026-12-05`), or null if it is not one. */
export function periodOf(unit: PaceUnit, period: string): PacePeriod | null {
  const match = PERIOD_PATTERNS[unit].exec(period);
  if (!match) return null;
  if (unit === "month") return { period, from: `${period}-01`, to: `${addMonths(period, 1)}-01` };
  if (unit === "night") {
    if (parseDay(period) === null) return null;
    return { period, from: period, to: addDays(period, 1) };
  }
  // Week 1 holds 4 January; its Monday starts the ISO year.
  const jan4 = `${match[1]}-01-04`;
  const weekOne = addDays(jan4, -((new Date(`${jan4}T00:00:00Z`).getUTCDay() + 6) % 7));
  const from = addDays(weekOne, 7 * (Number(period.slice(6)) - 1));
  return isoWeek(from) === period ? { period, from, to: addDays(from, 7) } : null;
}

export interface PaceRow {
  period: string;
  currency: string;
  /** Listings in scope in this currency that the mirror covers: occupancy's denominator. */
  listings: number;
  otb_nights: number;
  otb_revenue: number;
  otb_adr: number | null;
  otb_occupancy: number | null;
  stly_nights: number;
  stly_revenue: number;
  stly_adr: number | null;
  stly_occupancy: number | null;
  delta_nights_pct: number | null;
  delta_revenue_pct: number | null;
  ly_final_nights: number;
  ly_final_revenue: number;
  pickup_nights: number;
  pickup_revenue: number;
  booked_nights: number;
  canceled_nights: number;
  ly_pickup_nights: number;
  ly_pickup_revenue: number;
  ly_booked_nights: number;
  ly_canceled_nights: number;
  /** Nights counted without revenue (no subtotal): ADR leaves them out. */
  nights_without_revenue: number;
}

export interface WindowCount {
  currency: string | null;
  bookedNights: number;
  bookedRevenue: number;
  canceledNights: number;
  canceledRevenue: number;
}

/** What the store counted for one period. */
export interface PeriodCounts {
  otb: readonly OtbFigures[];
  stly: readonly OtbFigures[];
  lyFinal: readonly OtbFigures[];
  pickup: readonly WindowCount[];
  lyPickup: readonly WindowCount[];
}

/** Rounded to `digits` decimals, as every pace figure is sent. */
export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const nightsOf = (p: StayPeriod) => Math.round((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000);
const adr = (f: OtbFigures | undefined) => {
  const priced = (f?.nights ?? 0) - (f?.nightsWithoutRevenue ?? 0);
  return priced > 0 ? round((f?.revenue ?? 0) / priced, 2) : null;
};

/**
 * One row per period and currency: the currencies of the covered listings, and any other a
 * reservation came in (its occupancy then unknown: no listing of that currency to divide by).
 */
export function paceRows(
  periods: readonly PacePeriod[],
  counts: readonly PeriodCounts[],
  covered: ReadonlyArray<{ currency: string | null; listings: number }>,
): PaceRow[] {
  const listingsIn = new Map(covered.map((c) => [c.currency, c.listings]));
  const rows: PaceRow[] = [];
  periods.forEach((p, i) => {
    const c = counts[i]!;
    const currencies = new Set<string>();
    for (const cur of covered) if (cur.currency !== null && cur.listings > 0) currencies.add(cur.currency);
    for (const list of [c.otb, c.stly, c.lyFinal, c.pickup, c.lyPickup])
      for (const f of list) if (f.currency !== null) currencies.add(f.currency);
    for (const currency of [...currencies].sort()) {
      const of = <T extends { currency: string | null }>(list: readonly T[]) =>
        list.find((f) => f.currency === currency);
      const [otb, stly, final, pick, lyPick] = [
        of(c.otb),
        of(c.stly),
        of(c.lyFinal),
        of(c.pickup),
        of(c.lyPickup),
      ];
      const listings = listingsIn.get(currency) ?? 0;
      const occupancy = (nights: number, period: StayPeriod) =>
        listings > 0 ? round((100 * nights) / (listings * nightsOf(period)), 1) : null;
      const otbNights = otb?.nights ?? 0;
      const stlyNights = stly?.nights ?? 0;
      rows.push({
        period: p.period,
        currency,
        listings,
        otb_nights: otbNights,
        otb_revenue: round(otb?.revenue ?? 0, 2),
        otb_adr: adr(otb),
        otb_occupancy: occupancy(otbNights, p),
        stly_nights: stlyNights,
        stly_revenue: round(stly?.revenue ?? 0, 2),
        stly_adr: adr(stly),
        stly_occupancy: occupancy(stlyNights, stlyPeriod(p)),
        delta_nights_pct: change(otbNights, stlyNights),
        delta_revenue_pct: change(round(otb?.revenue ?? 0, 2), round(stly?.revenue ?? 0, 2)),
        ly_final_nights: final?.nights ?? 0,
        ly_final_revenue: round(final?.revenue ?? 0, 2),
        pickup_nights: (pick?.bookedNights ?? 0) - (pick?.canceledNights ?? 0),
        pickup_revenue: round((pick?.bookedRevenue ?? 0) - (pick?.canceledRevenue ?? 0), 2),
        booked_nights: pick?.bookedNights ?? 0,
        canceled_nights: pick?.canceledNights ?? 0,
        ly_pickup_nights: (lyPick?.bookedNights ?? 0) - (lyPick?.canceledNights ?? 0),
        ly_pickup_revenue: round((lyPick?.bookedRevenue ?? 0) - (lyPick?.canceledRevenue ?? 0), 2),
        ly_booked_nights: lyPick?.bookedNights ?? 0,
        ly_canceled_nights: lyPick?.canceledNights ?? 0,
        nights_without_revenue: otb?.nightsWithoutRevenue ?? 0,
      });
    }
  });
  return rows;
}
