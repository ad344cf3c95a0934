import { addMonths, monthOfDay } from "@/lib/format/dates";
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
