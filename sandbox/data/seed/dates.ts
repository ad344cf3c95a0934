/**
 * Calendar arithmetic on whole UTC days. A day is an integer (days since 1970-01-01);
 * conversions use Date.UTC only, never the wall clock.
 */

const DAY_MS = 86_400_000;

export function parseDay(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`expected a date as YYYY-MM-DD, got ${JSON.stringify(text)}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new Error(`not a calendar date: ${text}`);
  }
  return Math.round(ms / DAY_MS);
}

export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** ISO 8601 UTC timestamp without milliseconds, `secondOfDay` seconds into the day. */
export function timestamp(day: number, secondOfDay = 0): string {
  return new Date(day * DAY_MS + Math.floor(secondOfDay) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Timestamp from seconds since the epoch. */
export function timestampFromSeconds(seconds: number): string {
  return new Date(Math.floor(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** 0 = January … 11 = December. */
export function monthIndex(day: number): number {
  return new Date(day * DAY_MS).getUTCMonth();
}

/** "MM-DD" of a day, for recurring yearly events. */
export function monthDay(day: number): string {
  return formatDay(day).slice(5);
}

/** The first day of the month `months` months before the month of `day`. */
export function firstOfMonthBefore(day: number, months: number): number {
  const d = new Date(day * DAY_MS);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1) / DAY_MS);
}
