import { addDays, DAY_MS, parseDay, todayUtc } from "@/lib/format/dates";
import type { Granularity } from "@/lib/svc/schemas/set-analytics";
import { formatCount } from "@/lib/format/numbers";

/**
 * The time series' date range: a few named periods and a custom one, turned into the
 * time_series query. Days are UTC, like the service's.
 */

export const RANGES = ["past-90", "next-90", "past-12", "27-months", "custom"] as const;
export type MarketRange = (typeof RANGES)[number];

export const RANGE_LABELS: Record<MarketRange, string> = {
  "past-90": "Past 90 days",
  "next-90": "Next 90 days",
  "past-12": "Past 12 months",
  "27-months": "15 months back to 12 ahead",
  custom: "Custom dates",
};

/** The granularity a range starts with; the picker can change it. */
export const DEFAULT_GRANULARITY: Record<MarketRange, Granularity> = {
  "past-90": "day",
  "next-90": "day",
  "past-12": "month",
  "27-months": "month",
  custom: "week",
};

export const GRANULARITY_LABELS: Record<Granularity, string> = {
  day: "Daily",
  week: "Weekly",
  month: "Monthly",
};

/** The service's limit on one series (reference-service decisions: at most 1,096 days). */
export const MAX_RANGE_DAYS = 1096;

/** First day of the month `offset` months from the month of `day`. */
function monthStart(day: string, offset: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  return new Date(Date.UTC(year, month + offset, 1)).toISOString().slice(0, 10);
}

export interface RangeDates {
  start_date?: string;
  end_date?: string;
}

/** A custom range in words when it cannot be asked for; null when it can. */
export function customRangeProblem(from: string | null, to: string | null): string | null {
  if (!from || !to) return "Pick a first and a last day for the custom range.";
  const start = parseDay(from);
  const end = parseDay(to);
  if (start === null) return `${from} is not a day on the calendar.`;
  if (end === null) return `${to} is not a day on the calendar.`;
  if (end < start) return "The last day is before the first day.";
  if ((end - start) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    return `A range covers at most ${formatCount(MAX_RANGE_DAYS)} days (three years).`;
  }
  return null;
}

/**
 * The dates a range asks for. "Past 90 days" is the service's own default and sends none; the
 * 27 months run from the month 15 months back to the end of the 11th month ahead, the span the
 * service models (so the same 27 months as a listing's monthly KPIs).
 */
export function rangeDates(
  range: MarketRange,
  custom: { from: string | null; to: string | null },
  today: string = todayUtc(),
): RangeDates | { problem: string } {
  switch (range) {
    case "past-90":
      return {};
    case "next-90":
      return { start_date: today, end_date: addDays(today, 89) };
    case "past-12":
      return { start_date: monthStart(today, -11), end_date: today };
    case "27-months":
      return { start_date: monthStart(today, -15), end_date: addDays(monthStart(today, 12), -1) };
    case "custom": {
      const problem = customRangeProblem(custom.from, custom.to);
      return problem ? { problem } : { start_date: custom.from!, end_date: custom.to! };
    }
  }
}

export const isRangeProblem = (dates: RangeDates | { problem: string }): dates is { problem: string } =>
  "problem" in dates;
