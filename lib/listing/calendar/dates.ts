import { MAX_RANGE_NIGHTS } from "@/lib/svc/schemas/limits";

/**
 * Dates of the listing price calendar: `YYYY-MM-DD` strings handled as UTC days, the year the
 * calendar asks for, and where a key moves the focused night. Pure, unit-tested.
 */

const DAY_MS = 86_400_000;

/** Months the calendar shows: this one and the next eleven. */
export const CALENDAR_MONTHS = 12;

export interface DateRange {
  start_date: string;
  end_date: string;
}

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return isoOf(dayMs(date) + days * DAY_MS);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(dayMs(date)).getUTCDay() + 6) % 7;
}

/** The last day of the month `months` after the month of `date`. */
export function endOfMonthAfter(date: string, months: number): string {
  const d = new Date(dayMs(date));
  return isoOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0));
}

/**
 * The year the calendar asks for: from today to the end of the eleventh month after this one,
 * cut at the service's 365-date limit (a year holding 29 February can otherwise ask for 366),
 * so that each per-date endpoint answers the whole year in one request.
 */
export function calendarYearRange(today: string): DateRange {
  const lastOfTwelfth = endOfMonthAfter(today, CALENDAR_MONTHS - 1);
  const limit = addDays(today, MAX_RANGE_NIGHTS - 1);
  return { start_date: today, end_date: lastOfTwelfth < limit ? lastOfTwelfth : limit };
}

/** Every date of the range, both ends included. */
export function datesOf(range: DateRange): string[] {
  const out: string[] = [];
  for (let ms = dayMs(range.start_date); ms <= dayMs(range.end_date); ms += DAY_MS) out.push(isoOf(ms));
  return out;
}

/**
 * Where a key moves the focused night (the date-grid pattern): arrows by a day or a week,
 * Home/End to the week's Monday/Sunday, Page Up/Down by a month (kept to the month's last day
 * when shorter). Clamped to the range; null for a key that does not move.
 */
export function keyboardTarget(date: string, key: string, range: DateRange): string | null {
  let next: string;
  switch (key) {
    case "ArrowLeft":
      next = addDays(date, -1);
      break;
    case "ArrowRight":
      next = addDays(date, 1);
      break;
    case "ArrowUp":
      next = addDays(date, -7);
      break;
    case "ArrowDown":
      next = addDays(date, 7);
      break;
    case "Home":
      next = addDays(date, -weekdayIndex(date));
      break;
    case "End":
      next = addDays(date, 6 - weekdayIndex(date));
      break;
    case "PageUp":
    case "PageDown": {
      const months = key === "PageUp" ? -1 : 1;
      const lastOfTarget = endOfMonthAfter(date, months);
      const sameDay = `${lastOfTarget.slice(0, 8)}${date.slice(8, 10)}`;
      next = sameDay > lastOfTarget ? lastOfTarget : sameDay;
      break;
    }
    default:
      return null;
  }
  if (next < range.start_date) return range.start_date;
  if (next > range.end_date) return range.end_date;
  return next;
}
