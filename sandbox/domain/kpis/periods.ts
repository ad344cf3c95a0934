import {
  KPI_METRICS,
  KPI_PERIOD_DAYS,
  type KpiWindow,
  type RollingKpiKey,
} from "../../../lib/svc/schemas/kpis";
import { addNight, dateOfDay, dayNumber, type NightFact } from "./nights";
import { emptyTotals, metricsFromTotals, type KpiValues, type PeriodTotals } from "./totals";

// ------------------------------------------------------------------------- rolling windows

/**
 * The nights of a rolling window, as days `[from, to)`: `<back>_0` is the `back` days before
 * today (today excluded), `0_<forward>` is today and the `forward - 1` days after it.
 */
export function windowDays(window: KpiWindow, today: string): { from: number; to: number } {
  const [back, forward] = window.split("_").map(Number) as [number, number];
  const todayDay = dayNumber(today);
  return back > 0 ? { from: todayDay - back, to: todayDay } : { from: todayDay, to: todayDay + forward };
}

/** The same window as dates `[from, to)`, for a range-limited query. */
export function windowDates(window: KpiWindow, today: string): { from: string; to: string } {
  const { from, to } = windowDays(window, today);
  return { from: dateOfDay(from), to: dateOfDay(to) };
}

/** The widest range any rolling window reads: 365 days back to 365 days ahead. */
export function rollingRange(today: string): { from: string; to: string } {
  const longest = Math.max(...KPI_PERIOD_DAYS);
  const todayDay = dayNumber(today);
  return { from: dateOfDay(todayDay - longest), to: dateOfDay(todayDay + longest) };
}

/** Totals of the nights inside one window. */
export function windowTotals(facts: readonly NightFact[], window: KpiWindow, today: string): PeriodTotals {
  const { from, to } = windowDays(window, today);
  const totals = emptyTotals();
  for (const night of facts) if (night.day >= from && night.day < to) addNight(totals, night);
  return totals;
}

/** Every lexicon metric for every rolling window, flat (`adr_30_0`, `revenue_0_90`, ...). */
export function rollingValues(
  facts: readonly NightFact[],
  today: string,
): Record<RollingKpiKey, number | null> {
  const out: Partial<Record<RollingKpiKey, number | null>> = {};
  for (const days of KPI_PERIOD_DAYS) {
    for (const window of [`${days}_0`, `0_${days}`] as const) {
      const values = metricsFromTotals(windowTotals(facts, window, today));
      for (const metric of KPI_METRICS) out[`${metric}_${window}`] = values[metric];
    }
  }
  return out as Record<RollingKpiKey, number | null>;
}

// ------------------------------------------------------------------- calendar periods

export type PeriodKind = "month" | "quarter" | "year";

/** `YYYY-MM`, `YYYY-Qn` or `YYYY`: keys that sort in time order. */
export function periodKey(date: string, kind: PeriodKind): string {
  if (kind === "month") return date.slice(0, 7);
  if (kind === "year") return date.slice(0, 4);
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The first day of the month `months` months after the month of `date` (negative: before). */
export function shiftMonth(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/**
 * Which periods an endpoint answers, relative to today's period: monthly 15 months back to
 * 12 ahead; quarterly the current quarter and the 4 before it, up to the quarter 12 months
 * ahead; yearly the current year and the 4 before it, up to the year 12 months ahead.
 * Only periods holding calendar nights are answered.
 */
export function periodBounds(kind: PeriodKind, today: string): { first: string; last: string } {
  const ahead = periodKey(shiftMonth(today, 12), kind);
  if (kind === "month") return { first: periodKey(shiftMonth(today, -15), kind), last: ahead };
  if (kind === "quarter") return { first: periodKey(shiftMonth(today, -12), kind), last: ahead };
  return { first: String(Number(today.slice(0, 4)) - 4), last: ahead };
}

/** Totals per period key, oldest first, for the periods between the bounds that hold nights. */
export function periodTotals(
  facts: readonly NightFact[],
  kind: PeriodKind,
  bounds: { first: string; last: string },
): Map<string, PeriodTotals> {
  const byPeriod = new Map<string, PeriodTotals>();
  for (const night of facts) {
    const key = periodKey(night.date, kind);
    if (key < bounds.first || key > bounds.last) continue;
    let totals = byPeriod.get(key);
    if (!totals) byPeriod.set(key, (totals = emptyTotals()));
    addNight(totals, night);
  }
  return new Map([...byPeriod].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Period rows `{key, metrics}` of one listing, oldest first. */
export function periodValues(
  facts: readonly NightFact[],
  kind: PeriodKind,
  today: string,
): Array<{ key: string; values: KpiValues }> {
  return [...periodTotals(facts, kind, periodBounds(kind, today))].map(([key, totals]) => ({
    key,
    values: metricsFromTotals(totals),
  }));
}
