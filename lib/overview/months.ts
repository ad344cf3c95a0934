import { addMonths, monthOfDay } from "@/lib/format/dates";
import { formatCount, formatCounted } from "@/lib/format/numbers";
import type { MonthlyKpis } from "@/lib/svc/schemas/kpis";

/**
 * This month and next month against the same months a year earlier, per currency, from each
 * listing's monthly KPIs. The interface has no portfolio-wide monthly read, so the answers
 * are one per listing, loaded on demand; this turns them into the comparison.
 *
 * Pooled, never averaged: revenue is a sum, occupancy is booked nights over all nights
 * (available + blocked), ADR is revenue over booked nights. A listing counts for a month
 * only when the service has generated that month's figures for it.
 */

export interface MonthFigures {
  month: string;
  /** Listings with figures for this month. */
  listings: number;
  revenue: number | null;
  occupancy: number | null;
  adr: number | null;
}

export interface MonthComparison {
  /** `this` or `next` month, counted from today. */
  which: "this" | "next";
  current: MonthFigures;
  lastYear: MonthFigures;
}

export interface CurrencyComparison {
  currency: string;
  months: MonthComparison[];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function pooled(answers: readonly MonthlyKpis[], month: string): MonthFigures {
  let listings = 0;
  let revenue = 0;
  let booked = 0;
  let nights = 0;
  for (const answer of answers) {
    const row = answer.months.find((m) => m.month === month);
    if (!row || row.revenue === null || row.nights_booked === null || row.nights_available === null) continue;
    listings += 1;
    revenue += row.revenue;
    booked += row.nights_booked;
    nights += row.nights_available + (row.nights_blocked ?? 0);
  }
  return {
    month,
    listings,
    revenue: listings ? round(revenue, 2) : null,
    occupancy: nights > 0 ? round((100 * booked) / nights, 1) : null,
    adr: booked > 0 ? round(revenue / booked, 2) : null,
  };
}

/** "from 16 listings" when every month counts the same listings, else each month's count. */
export function coverageWords(months: readonly MonthComparison[], name: (month: string) => string): string {
  const figures = months.flatMap((m) => [m.current, m.lastYear]);
  const counts = new Set(figures.map((f) => f.listings));
  if (counts.size === 1) {
    const [count] = counts;
    return count === 1
      ? "Figures from 1 listing in every month."
      : `Figures from ${count} listings in every month.`;
  }
  return `Listings with figures: ${figures.map((f) => `${name(f.month)} ${f.listings}`).join(", ")}.`;
}

export function compareMonths(answers: readonly MonthlyKpis[], today: string): CurrencyComparison[] {
  const thisMonth = monthOfDay(today);
  const byCurrency = new Map<string, MonthlyKpis[]>();
  for (const answer of answers) {
    const list = byCurrency.get(answer.currency) ?? [];
    list.push(answer);
    byCurrency.set(answer.currency, list);
  }
  return [...byCurrency.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([currency, list]) => ({
      currency,
      months: (["this", "next"] as const).map((which) => {
        const month = addMonths(thisMonth, which === "this" ? 0 : 1);
        return { which, current: pooled(list, month), lastYear: pooled(list, addMonths(month, -12)) };
      }),
    }));
}

/**
 * How many of a currency's listings its figures cover. While a paced read runs, pauses or was
 * stopped, or while the mirror covers only some listings, the figures are a part of the
 * portfolio's: a revenue then is not the total, and the table must say so.
 */
export interface BlockCoverage {
  /** Listings whose figures are in the block. */
  covered: number;
  /** The currency's listings in all; null where the source does not say per currency. */
  of: number | null;
  /** Fewer listings than all: the figures are partial, not totals. */
  partial: boolean;
}

/**
 * The live read's coverage per currency: the answers in hand against the listings priced in
 * that currency. A currency whose listings are all read is whole, even while the read goes on.
 */
export function liveCoverage(
  answers: readonly Pick<MonthlyKpis, "currency">[],
  listings: readonly { currency: string }[],
): Map<string, BlockCoverage> {
  const count = (items: readonly { currency: string }[]) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(item.currency, (counts.get(item.currency) ?? 0) + 1);
    return counts;
  };
  const read = count(answers);
  const all = count(listings);
  return new Map(
    [...read].map(([currency, covered]) => {
      // An answer in a currency none of the listings was said to be priced in counts as its own.
      const of = Math.max(covered, all.get(currency) ?? 0);
      return [currency, { covered, of, partial: covered < of }];
    }),
  );
}

/**
 * The mirror's coverage per currency: the listings whose reservations it holds in each, and
 * partial while it covers fewer than the portfolio's listings (it counts those portfolio-wide
 * only, so a currency's own total is not known).
 */
export function mirrorCoverage(
  comparisons: readonly CurrencyComparison[],
  listingsCovered: number,
  listingsTotal: number,
): Map<string, BlockCoverage> {
  const whole = listingsCovered >= listingsTotal;
  return new Map(
    comparisons.map(({ currency, months }) => {
      const covered = months[0]?.current.listings ?? 0;
      return [currency, { covered, of: whole ? covered : null, partial: !whole }];
    }),
  );
}

/** "partial: 8 of 20 listings", or "partial: 8 listings so far" where the total is not known. */
export function partialWords({ covered, of }: BlockCoverage): string {
  return of === null
    ? `partial: ${formatCounted(covered, "listing")} so far`
    : `partial: ${formatCount(covered)} of ${formatCounted(of, "listing")}`;
}
