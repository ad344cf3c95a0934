/**
 * Timestamps in words, one rule for the whole dashboard (docs/time-format-decisions.md):
 * an absolute moment is printed in UTC and says so ("12 Mar 2026, 14:03:07 UTC"); a recent one
 * may read relative ("5 min ago") with that absolute form on hover. UTC rather than the
 * reader's zone because the service counts its days in UTC (usage by day, the daily sync cap),
 * because the server and the browser then print the same text (no hydration mismatch), and
 * because two people on a call across zones read the same moment the same way.
 */

import { formatDayLong, parseDay } from "@/lib/format/dates";

/** A moment as the service sends it (ISO 8601), or ms since the epoch. */
export type Moment = string | number;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");
const toDate = (at: Moment) => new Date(typeof at === "number" ? at : Date.parse(at));
/** What a moment that cannot be read shows: a dash, never "NaN undefined NaN". */
const UNKNOWN = "—";

export interface UtcOptions {
  /** Seconds matter for events seconds apart (deliveries, refreshes); default true. */
  seconds?: boolean;
  /** Drop the year where the table's column says it (the full form is on hover); default true. */
  year?: boolean;
}

/** `14:03:07 UTC` (or `14:03 UTC` without seconds). */
export function formatUtcTime(at: Moment, { seconds = true }: Pick<UtcOptions, "seconds"> = {}): string {
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return UNKNOWN;
  const hm = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return `${seconds ? `${hm}:${pad(d.getUTCSeconds())}` : hm} UTC`;
}

/** `12 Mar 2026` for the UTC day of a moment: the short form of a timestamp, full form on hover. */
export function formatUtcDate(at: Moment, { year = true }: Pick<UtcOptions, "year"> = {}): string {
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return UNKNOWN;
  const day = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return year ? `${day} ${d.getUTCFullYear()}` : day;
}

/** `12 Mar 2026, 14:03:07 UTC`; `12 Mar, 14:03 UTC` with `{ year: false, seconds: false }`. */
export function formatUtc(at: Moment, options: UtcOptions = {}): string {
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return UNKNOWN;
  return `${formatUtcDate(at, options)}, ${formatUtcTime(at, options)}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * "just now", "5 min ago", "3 h ago", "2 d ago" against `now` (ms), in the units durations use.
 * The service's clock can run ahead of the browser's: a moment that reads as future has just
 * happened, never "in 5 min".
 */
export function formatRelative(at: Moment, now: number): string {
  const ms = toDate(at).getTime();
  if (Number.isNaN(ms) || !Number.isFinite(now)) return UNKNOWN;
  const ago = now - ms;
  if (ago < MINUTE_MS) return "just now";
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)} min ago`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)} h ago`;
  return `${Math.floor(ago / DAY_MS)} d ago`;
}

/** What a `<time>` element shows: its machine-readable value, its text, and its hover text. */
export interface TimeLabel {
  dateTime: string;
  text: string;
  title: string;
}

/** The default span that reads relative: within a day, "3 h ago" says more than a clock time. */
export const RELATIVE_WITHIN_MS = DAY_MS;

/**
 * A moment for a `<time>` element: relative while younger than `relativeWithinMs` (the absolute
 * UTC form on hover), absolute UTC beyond it. Without `now` (nothing ticks yet, or the clock
 * that stamped it is not the reader's) it is always absolute.
 */
export function timeLabel(
  at: Moment,
  {
    now,
    relativeWithinMs = RELATIVE_WITHIN_MS,
    ...options
  }: UtcOptions & { now?: number; relativeWithinMs?: number } = {},
): TimeLabel {
  const d = toDate(at);
  const valid = !Number.isNaN(d.getTime());
  // The service's own ISO string is already a valid `dateTime` and is what tests and tools match.
  const dateTime = typeof at === "string" || !valid ? String(at) : d.toISOString();
  const title = formatUtc(at);
  const recent = valid && now !== undefined && now - d.getTime() < relativeWithinMs;
  return { dateTime, title, text: recent ? formatRelative(at, now) : formatUtc(at, options) };
}

/** An ISO moment (`2026-12-01T12:00:00Z`) or day (`2026-12-09`) standing alone in a text. */
const ISO_IN_TEXT =
  /(?<![\w-])(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?(?![\w-])/g;

/**
 * A text the service wrote (a notification's or a flag's message) with its ISO days and moments
 * in the dashboard's words: "from 2026-12-20 to 2026-12-25" reads "from 20 Dec 2026 to
 * 25 Dec 2026", "at 2026-12-01T12:00:00Z" reads "at 1 Dec 2026, 12:00 UTC". Anything that
 * only looks like one (2026-02-30, a code with a date inside) is left as it came.
 */
export function isoInWords(text: string): string {
  return text.replace(ISO_IN_TEXT, (match: string, day: string, time: string | undefined) => {
    if (parseDay(day) === null) return match;
    if (time === undefined) return formatDayLong(day);
    return Number.isNaN(Date.parse(match)) ? match : formatUtc(match, { seconds: false });
  });
}
