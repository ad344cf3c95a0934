/**
 * Date and month ranges of the set analytics: defaults, and the checks the contract's schemas
 * cannot make (real calendar dates, ranges completed by a default, the model's span).
 */
import {
  SET_PRICE_CALENDAR_DEFAULT_DAYS,
  SET_PRICE_CALENDAR_MAX_NIGHTS,
} from "../../../lib/svc/schemas/set-analytics";
import { formatDay, parseDay } from "../../data/seed/dates";
import { ApiError } from "../api-error";
import { spanText, type ModelSpan } from "./world";

/** Time series ranges: at most two years of points, so one call stays a reasonable size. */
export const TIME_SERIES_MAX_NIGHTS = 731;
/** Aggregated metrics: at most three years of monthly rows. */
export const AGGREGATED_MAX_MONTHS = 36;
const DEFAULT_MONTHS = 12;

export function invalidQuery(field: string, message: string): ApiError {
  return new ApiError(400, "invalid_query", `Invalid query parameter ${field}: ${message}.`, {
    fields: [{ field, message }],
  });
}

/** A YYYY-MM-DD (already shape-checked by the schema) that is a real calendar date. */
function day(text: string, field: string): number {
  try {
    return parseDay(text);
  } catch {
    throw invalidQuery(field, "not a calendar date");
  }
}

export interface DayRange {
  /** Both inclusive, days since 1970-01-01. */
  start: number;
  end: number;
}

/**
 * Start defaults to today, end to start + 90 days (docs/interface-decisions.md §5, contract-decisions). A range
 * completed by a default obeys the same rules as one given whole: end not before start, at
 * most `maxNights` nights.
 */
export function dayRange(
  query: { start_date?: string; end_date?: string },
  today: string,
  maxNights: number,
): DayRange {
  const start = query.start_date !== undefined ? day(query.start_date, "start_date") : parseDay(today);
  const end =
    query.end_date !== undefined ? day(query.end_date, "end_date") : start + SET_PRICE_CALENDAR_DEFAULT_DAYS;
  if (end < start)
    throw invalidQuery("end_date", `The end date is before the start date (${formatDay(start)}).`);
  if (end - start + 1 > maxNights) {
    throw invalidQuery(
      "end_date",
      `A range covers at most ${maxNights} nights, the first and the last included.`,
    );
  }
  return { start, end };
}

/** The set price calendar's range: every night must lie in the span the model covers. */
export function calendarRange(
  query: { start_date?: string; end_date?: string },
  today: string,
  span: ModelSpan,
): DayRange {
  const range = dayRange(query, today, SET_PRICE_CALENDAR_MAX_NIGHTS);
  const covered = `the service's calendar covers ${spanText(span)}`;
  if (range.start < span.startDay) throw invalidQuery("start_date", covered);
  if (range.end > span.endDay) throw invalidQuery("end_date", covered);
  return range;
}

export const seriesRange = (query: { start_date?: string; end_date?: string }, today: string) =>
  dayRange(query, today, TIME_SERIES_MAX_NIGHTS);

/** Months as year*12 + month index, so that arithmetic on them is plain. */
function monthNumber(text: string, field: string): number {
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  if (month < 1 || month > 12) throw invalidQuery(field, "not a calendar month");
  return year * 12 + month - 1;
}

export const monthText = (n: number) =>
  `${String(Math.floor(n / 12)).padStart(4, "0")}-${String((n % 12) + 1).padStart(2, "0")}`;

/** First and last day of a month number. */
export function monthDays(n: number): DayRange {
  const year = Math.floor(n / 12);
  const month = n % 12;
  const start = Math.round(Date.UTC(year, month, 1) / 86_400_000);
  const end = Math.round(Date.UTC(year, month + 1, 1) / 86_400_000) - 1;
  return { start, end };
}

/**
 * Default: the twelve months ending with the current one. Only start_month given: twelve
 * months from it; only end_month: twelve months up to it.
 */
export function monthRange(
  query: { start_month?: string; end_month?: string },
  today: string,
): { first: number; last: number } {
  const current = monthNumber(today.slice(0, 7), "end_month");
  const given = {
    first: query.start_month !== undefined ? monthNumber(query.start_month, "start_month") : undefined,
    last: query.end_month !== undefined ? monthNumber(query.end_month, "end_month") : undefined,
  };
  const last = given.last ?? (given.first !== undefined ? given.first + DEFAULT_MONTHS - 1 : current);
  const first = given.first ?? last - DEFAULT_MONTHS + 1;
  if (last < first) throw invalidQuery("end_month", "The end month is before the start month.");
  if (last - first + 1 > AGGREGATED_MAX_MONTHS) {
    throw invalidQuery("end_month", `at most ${AGGREGATED_MAX_MONTHS} months`);
  }
  return { first, last };
}
