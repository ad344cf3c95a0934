import { addDays, parseDay } from "@/lib/format/dates";
import { MAX_RANGE_NIGHTS } from "@/lib/svc/schemas/limits";

/**
 * The portfolio calendar's range: a first night and a number of nights, 90 by default and
 * at most 365 (one price calendar request per listing covers the whole range). In the URL as
 * `from` and `nights`; the form that changes it is the calendars' shared range form.
 */

export const DEFAULT_NIGHTS = 90;
/** One price calendar request covers at most this many nights (the interface's bound). */
export const MAX_NIGHTS = MAX_RANGE_NIGHTS;

export interface NightRange {
  start: string;
  nights: number;
}

/** The last night of the range (included). */
export const lastNight = (range: NightRange) => addDays(range.start, range.nights - 1);

/**
 * The range a URL asks for, made safe: a missing or unreal first night is today, nights
 * outside 1..365 are the default. A range starting before today starts today: past nights
 * cannot be repriced and the calendar is for what is still to sell.
 */
export function rangeFromUrl(from: string | null, nights: number | null, today: string): NightRange {
  const start = from !== null && parseDay(from) !== null && from >= today ? from : today;
  const count =
    nights !== null && Number.isInteger(nights) && nights >= 1 && nights <= MAX_NIGHTS
      ? nights
      : DEFAULT_NIGHTS;
  return { start, nights: count };
}
