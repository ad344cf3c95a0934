import { addMonths, monthOfDay } from "@/lib/format/dates";
import type { CurrencyComparison, MonthFigures } from "@/lib/overview/months";
import type { PulseGroup } from "@/lib/overview/pulse";

/**
 * This month and next against the same months last year, from the portfolio mirror's
 * reservations rather than one request per listing. The same pooled figures as the live
 * comparison (months.ts): revenue is the nights' share of each reservation's nightly subtotal,
 * occupancy is nights on the books over every night of the covered listings, ADR is revenue
 * over nights. This year's months are as they stand now (on the books); last year's as they
 * finally stood. Pure: the server hands in what the store counted.
 */

export interface MonthCount {
  currency: string | null;
  nights: number;
  revenue: number;
  nightsWithoutRevenue: number;
}
export interface CoveredListings {
  currency: string | null;
  listings: number;
}

/** The first day of the month and of the next: a stay period [from, to). */
export const periodOfMonth = (month: string) => ({ from: `${month}-01`, to: `${addMonths(month, 1)}-01` });

const daysIn = (month: string) => {
  const { from, to } = periodOfMonth(month);
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
};
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function figures(month: string, count: MonthCount | undefined, listings: number): MonthFigures {
  const nights = count?.nights ?? 0;
  const priced = nights - (count?.nightsWithoutRevenue ?? 0);
  return {
    month,
    listings,
    revenue: listings ? round(count?.revenue ?? 0, 2) : null,
    occupancy: listings ? round((100 * nights) / (listings * daysIn(month)), 1) : null,
    adr: priced > 0 ? round((count?.revenue ?? 0) / priced, 2) : null,
  };
}

/** The months this comparison reads: this month and next, and the same two last year. */
export function comparedMonths(today: string): string[] {
  const thisMonth = monthOfDay(today);
  return [thisMonth, addMonths(thisMonth, 1), addMonths(thisMonth, -12), addMonths(thisMonth, -11)];
}

export function compareMirrorMonths(
  today: string,
  counts: ReadonlyMap<string, readonly MonthCount[]>,
  covered: readonly CoveredListings[],
): CurrencyComparison[] {
  const thisMonth = monthOfDay(today);
  const currencies = covered.filter((c): c is { currency: string; listings: number } => c.currency !== null);
  return [...currencies]
    .sort((a, b) => b.listings - a.listings || a.currency.localeCompare(b.currency))
    .map(({ currency, listings }) => ({
      currency,
      months: (["this", "next"] as const).map((which) => {
        const month = addMonths(thisMonth, which === "this" ? 0 : 1);
        const before = addMonths(month, -12);
        const of = (m: string) => counts.get(m)?.find((c) => c.currency === currency);
        return {
          which,
          current: figures(month, of(month), listings),
          lastYear: figures(before, of(before), listings),
        };
      }),
    }));
}

/** The pulse's window: the next 30 nights from today. */
export const PULSE_NIGHTS = 30;

/**
 * The pulse (the next 30 nights on the books) from the mirror, per listing currency, in the
 * live pulse's shape: revenue is the nights' share of each reservation's nightly subtotal,
 * occupancy the nights on the books over every night of the covered listings, ADR revenue
 * over the nights whose subtotal is known.
 */
export function mirrorPulse(
  counts: readonly MonthCount[],
  covered: readonly CoveredListings[],
): PulseGroup[] {
  return covered
    .filter((c): c is { currency: string; listings: number } => c.currency !== null && c.listings > 0)
    .map(({ currency, listings }) => {
      const count = counts.find((c) => c.currency === currency);
      const nights = count?.nights ?? 0;
      const priced = nights - (count?.nightsWithoutRevenue ?? 0);
      return {
        currency,
        listings,
        withoutFigures: 0,
        revenue: round(count?.revenue ?? 0, 2),
        occupancy: round((100 * nights) / (listings * PULSE_NIGHTS), 1),
        adr: priced > 0 ? round((count?.revenue ?? 0) / priced, 2) : null,
      };
    })
    .sort((a, b) => b.listings - a.listings || a.currency.localeCompare(b.currency));
}
