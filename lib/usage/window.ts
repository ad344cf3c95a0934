import { isSvcError, refusalIs, statusCode } from "@/lib/svc/errors";
import { serializeQuery, queryToObject } from "@/lib/svc/query";
import { DAY_MS, addDays, dayOf, parseDay } from "@/lib/format/dates";
import {
  USAGE_DAYS_BACK_DEFAULT,
  USAGE_MAX_DAYS,
  usageQuery,
  type UsageQuery,
} from "@/lib/svc/schemas/usage";

/**
 * The usage page's window: the URL state (`days`, or `from`/`to` as UTC days, end inclusive)
 * to and from GET /usage's query. Pure, so the 7-day rule and the clamping are unit-tested.
 */

export type UsageWindow = { kind: "days"; days: number } | { kind: "range"; from: string; to: string };

/** The window as the URL holds it (nuqs parsers: `days` defaults to 7). */
export interface UsageWindowParams {
  days: number;
  from: string | null;
  to: string | null;
}

export type DayRange = { from: string; to: string };

export function windowFromParams(params: UsageWindowParams): UsageWindow {
  if (params.from !== null || params.to !== null) {
    // One end typed alone: a one-day range, never a silent switch back to "last N days".
    const from = params.from ?? params.to ?? "";
    const to = params.to ?? params.from ?? "";
    return { kind: "range", from, to };
  }
  return { kind: "days", days: params.days };
}

/** The URL state for a window: a range clears `days`, "last N days" clears the range. */
export function windowToParams(window: UsageWindow): UsageWindowParams {
  return window.kind === "days"
    ? { days: window.days, from: null, to: null }
    : { days: USAGE_DAYS_BACK_DEFAULT, from: window.from, to: window.to };
}

/**
 * GET /usage's query: `days_back`, or the range's UTC midnights with the end day included
 * (end_time is the midnight after it). Days that do not parse are passed through as they
 * are, so the schema (not this function) says what is wrong with them.
 */
export function windowToQuery(window: UsageWindow, tokenId?: string | null): UsageQuery {
  const token = tokenId ? { token_id: tokenId } : {};
  if (window.kind === "days") return { days_back: window.days, ...token };
  const endMs = parseDay(window.to);
  return {
    start_time: `${window.from}T00:00:00Z`,
    end_time: endMs === null ? `${window.to}T00:00:00Z` : `${dayOf(endMs + DAY_MS)}T00:00:00Z`,
    ...token,
  };
}

export type WindowProblem = "window_too_long" | "invalid_window";

/**
 * What the service would refuse in this query, checked with the contract's own schema on the
 * query as the wire carries it (the typed client does the same before fetching).
 */
export function windowProblem(query: UsageQuery): WindowProblem | null {
  const checked = usageQuery.safeParse(queryToObject(serializeQuery(query)));
  if (checked.success) return null;
  const tooLong = checked.error.issues.some(
    (issue) => (issue as { params?: { code?: string } }).params?.code === "window_too_long",
  );
  return tooLong ? "window_too_long" : "invalid_window";
}

export const WINDOW_TOO_LONG_MESSAGE = `The service reports at most ${USAGE_MAX_DAYS} days at a time. Pick a shorter range.`;
export const INVALID_WINDOW_MESSAGE = `The window in the address is not one the service can report. Pick 1 to ${USAGE_MAX_DAYS} days, or a range of real dates whose end is not before its start.`;

/**
 * Words for a refused window, whoever refused it: the service (400 `window_too_long`) or the
 * typed client's own check before fetching (400 `invalid_query`, which does not name the
 * rule, so the query itself is checked again). A 400 without a code is the window's only when
 * the query is indeed too long (the interface's one 400 here). Null for any other error.
 */
export function windowErrorMessage(error: unknown, query: UsageQuery): string | null {
  if (!isSvcError(error) || error.status !== 400) return null;
  if (error.code === "window_too_long") return WINDOW_TOO_LONG_MESSAGE;
  if (error.code === "invalid_query") {
    return windowProblem(query) === "window_too_long" ? WINDOW_TOO_LONG_MESSAGE : INVALID_WINDOW_MESSAGE;
  }
  if (error.code === statusCode(400) && windowProblem(query) === "window_too_long") {
    return WINDOW_TOO_LONG_MESSAGE;
  }
  return null;
}

/**
 * The key asked about is not on the account: 404 `token_not_found`, or a 404 without a code
 * to a query that names a key (the report itself always exists).
 */
export function isUnknownKeyError(error: unknown, query: UsageQuery): boolean {
  if (!isSvcError(error) || !refusalIs(error, 404, "token_not_found")) return false;
  return error.code === "token_not_found" || Boolean(query.token_id);
}

/** The range "Last N days" covers in whole UTC days, today included: where a switch to "Range" starts. */
export function defaultRange(days: number, today: string): DayRange {
  const span = Math.min(Math.max(Math.trunc(days) || USAGE_MAX_DAYS, 1), USAGE_MAX_DAYS);
  return { from: addDays(today, -(span - 1)), to: today };
}

/**
 * The range after one end moved: the moved end stays (no later than today), and the other end
 * follows so that the range runs forwards and covers at most 7 days, end day included.
 * A moved value that is not a real day leaves the range as it was.
 */
export function clampRange(range: DayRange, moved: "from" | "to", value: string, today: string): DayRange {
  if (parseDay(value) === null) return range;
  const v = value > today ? today : value;
  const maxSpan = USAGE_MAX_DAYS - 1;
  if (moved === "from") {
    const other = parseDay(range.to) === null ? v : range.to;
    let to = other < v ? v : other;
    if (to > addDays(v, maxSpan)) to = addDays(v, maxSpan);
    if (to > today) to = today;
    return { from: v, to };
  }
  const other = parseDay(range.from) === null ? v : range.from;
  let from = other > v ? v : other;
  if (from < addDays(v, -maxSpan)) from = addDays(v, -maxSpan);
  return { from, to: v };
}

/** min/max for the two date inputs: nothing after today, and the end never before the start. */
export function rangeInputBounds(range: DayRange, today: string) {
  return {
    from: { max: today },
    to: { min: parseDay(range.from) === null ? undefined : range.from, max: today },
  };
}

/** The days a measured window touches, end exclusive: for file names and captions. */
export function windowDays(window: { start: string; end: string }): DayRange {
  const startMs = Date.parse(window.start);
  const endMs = Date.parse(window.end);
  return { from: dayOf(startMs), to: dayOf(Math.max(startMs, endMs - 1)) };
}
