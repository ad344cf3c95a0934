import type { Granularity } from "@/lib/svc/schemas/set-analytics";
import { addDays, todayUtc } from "@/lib/format/dates";

/**
 * The periods the analytics pickers offer, as the service's queries: a picker speaks in
 * "past 26 weeks", the service in dates and granularity, and its defaults send no dates at all.
 */

/** The periods the time-series picker offers. */
export const SERIES_RANGES = ["next-90", "past-26-weeks", "past-12-months", "next-12-months"] as const;
export type SeriesRange = (typeof SERIES_RANGES)[number];

export const SERIES_RANGE_LABELS: Record<SeriesRange, string> = {
  "next-90": "Next 90 days, daily",
  "past-26-weeks": "Past 26 weeks, weekly",
  "past-12-months": "Past 12 months, monthly",
  "next-12-months": "Next 12 months, monthly",
};

/**
 * The time_series query of a range on a UTC day (the service's days are UTC). The next 90
 * days are the service's own default, so that range sends no dates at all.
 */
export function seriesRangeQuery(
  range: SeriesRange,
  today: string = todayUtc(),
): { start_date?: string; end_date?: string; granularity: Granularity } {
  if (range === "next-90") return { granularity: "day" };
  if (range === "past-26-weeks")
    return { start_date: addDays(today, -182), end_date: today, granularity: "week" };
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  if (range === "next-12-months") {
    // This month's first day to the last day of the eleventh month after it.
    const last = new Date(Date.UTC(year, month + 12, 0)).toISOString().slice(0, 10);
    return { start_date: `${today.slice(0, 7)}-01`, end_date: last, granularity: "month" };
  }
  const first = new Date(Date.UTC(year, month - 11, 1)).toISOString().slice(0, 10);
  return { start_date: first, end_date: today, granularity: "month" };
}

/** The aggregated-metrics ranges: the service's default twelve months, or the next twelve. */
export const MONTH_RANGES = ["past-12", "next-12"] as const;
export type MonthRange = (typeof MONTH_RANGES)[number];

export const MONTH_RANGE_LABELS: Record<MonthRange, string> = {
  "past-12": "Past 12 months",
  "next-12": "Next 12 months",
};

export function monthRangeQuery(
  range: MonthRange,
  today: string = todayUtc(),
): { start_month?: string; end_month?: string } {
  if (range === "past-12") return {};
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const end = new Date(Date.UTC(year, month + 11, 1)).toISOString().slice(0, 7);
  return { start_month: today.slice(0, 7), end_month: end };
}
