/**
 * Days and months in words, shared by every feature: `YYYY-MM-DD` days as UTC midnights.
 * Timestamps (a moment, with a zone) are in `./times`, durations in `./durations`.
 */

export const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The ms of a UTC day's midnight; null for anything that is not a real `YYYY-MM-DD` day. */
export function parseDay(day: string): number | null {
  if (!ISO_DAY.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March: a real day reads back as itself.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return null;
  return ms;
}

/** The UTC day `YYYY-MM-DD` of a time in ms. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `n` days; `day` must be a real day. */
export function addDays(day: string, n: number): string {
  const ms = parseDay(day);
  if (ms === null) throw new Error(`not a day: ${day}`);
  return dayOf(ms + n * DAY_MS);
}

/** Today's UTC day on this clock. */
export function todayUtc(nowMs: number = Date.now()): string {
  return dayOf(nowMs);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `5 Mar` for a `YYYY-MM-DD` day. */
export function formatDay(day: string): string {
  const ms = parseDay(day);
  if (ms === null) return day;
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** `5 Mar 2026` for a `YYYY-MM-DD` day. */
export function formatDayLong(day: string): string {
  const ms = parseDay(day);
  return ms === null ? day : `${formatDay(day)} ${new Date(ms).getUTCFullYear()}`;
}

/** `Nov 2026` for a `YYYY-MM` month; anything else is returned as it came. */
export function formatMonth(month: string): string {
  const ms = parseDay(`${month}-01`);
  if (ms === null) return month;
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

/** `YYYY-MM` moved by `n` months (n may be negative; December rolls into January). */
export function addMonths(month: string, n: number): string {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const index = Number(match[1]) * 12 + (Number(match[2]) - 1) + n;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The `YYYY-MM` of a `YYYY-MM-DD` day. */
export const monthOfDay = (day: string) => day.slice(0, 7);
