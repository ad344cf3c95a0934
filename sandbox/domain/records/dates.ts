import { formatDay, parseDay } from "../../data/seed/dates";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";

/** The stay date `days` after (or before, when negative) `date`. */
export function shiftDate(date: string, days: number): string {
  return formatDay(parseDay(date) + days);
}

/**
 * "Now" as the records group compares it: the service day and the service time as a
 * normalized timestamp. Seeding passes a fixed one, handlers the service clock's.
 */
export interface RecordsClock {
  /** YYYY-MM-DD */
  today: string;
  /** ISO 8601 UTC without milliseconds; stored timestamps compare with it as strings. */
  now: string;
}

export const recordsClock = (ctx: SandboxContext): RecordsClock => ({
  today: ctx.clock.today(),
  now: isoTimestamp(ctx.clock.now()),
});

/** A contract timestamp (any offset) in the stored form, so string comparison is time order. */
export const normalizeTimestamp = (value: string): string => isoTimestamp(new Date(value));
