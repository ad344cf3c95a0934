import { TZDate } from "@date-fns/tz";

/**
 * A person's morning, in their own time zone: when a digest is due and which local day it
 * belongs to. Daylight saving is the zone's own, through the IANA database the runtime holds.
 */

/** "07:30": hours 00-23, minutes 00-59. */
export const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) the instant falls on in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const t = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/**
 * The instant the zone's clock reads `time` on the local day `date`. A time the clocks skip
 * (spring forward) comes that much later, as a wall clock shows it; a time they pass twice
 * (fall back) is the later of the two.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
}

const nextDay = (date: string) => {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
};

/**
 * The local day whose `time` is the latest at or before `now`: the digest that is due now, or
 * was last due. With the day, the instant it fell due.
 */
export function lastDue(time: string, timeZone: string, now: Date): { date: string; at: Date } {
  const today = localDate(now, timeZone);
  const at = instantAt(today, time, timeZone);
  if (at.getTime() <= now.getTime()) return { date: today, at };
  const yesterday = new Date(`${today}T00:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  const date = yesterday.toISOString().slice(0, 10);
  return { date, at: instantAt(date, time, timeZone) };
}

/** The next instant after `now` when the zone's clock reads `time`. */
export function nextDue(time: string, timeZone: string, now: Date): Date {
  const { date } = lastDue(time, timeZone, now);
  return instantAt(nextDay(date), time, timeZone);
}
