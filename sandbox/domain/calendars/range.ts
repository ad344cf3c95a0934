/**
 * Date ranges and listing settings shared by the per-date listing endpoints.
 *
 * Ranges include both ends. The contract's query schema already refuses a reversed or too
 * long range when both ends are given; the defaults are applied here, and a range that only
 * becomes too long once a default fills the missing end is refused the same way (400 naming
 * the field that was given).
 */
import { MAX_RANGE_NIGHTS, nightsInRange } from "../../../lib/svc/schemas/calendar";
import { readSettings } from "../preferences/store";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { ApiError } from "../api-error";

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** Every date from start to end, both included. */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let day = dayNumber(start); day <= dayNumber(end); day++) out.push(dateOfDay(day));
  return out;
}

export interface DateRange {
  start: string;
  end: string;
}

interface RangeQuery {
  start_date?: string;
  end_date?: string;
}

function refuseRange(field: string, message: string): never {
  throw new ApiError(400, "invalid_query", `Invalid query parameter ${field}: ${message}.`, {
    fields: [{ field, message }],
  });
}

/**
 * The range of a per-date endpoint. `length` is the default number of dates (91 = today to
 * +90 days). A missing end is start + length - 1, except that with `anchor` "end" (history,
 * default the last 30 days up to today) a start in the past runs to today. A missing start
 * is today, or end - (length - 1) with `anchor` "end" or when the end lies before today.
 */
export function resolveRange(
  query: RangeQuery,
  today: string,
  defaults: { length: number; anchor: "start" | "end" },
  maxNights = MAX_RANGE_NIGHTS,
): DateRange {
  const span = defaults.length - 1;
  let start = query.start_date;
  let end = query.end_date;
  if (start === undefined && end === undefined) {
    return defaults.anchor === "start"
      ? { start: today, end: addDays(today, span) }
      : { start: addDays(today, -span), end: today };
  }
  if (start === undefined) {
    start = defaults.anchor === "end" || end! < today ? addDays(end!, -span) : today;
  }
  if (end === undefined) {
    end = defaults.anchor === "end" && start <= today ? today : addDays(start, span);
  }
  if (start > end)
    refuseRange(query.start_date ? "end_date" : "start_date", "The end date is before the start date.");
  if (nightsInRange(start, end) > maxNights) {
    refuseRange(query.end_date ? "end_date" : "start_date", `A range covers at most ${maxNights} dates.`);
  }
  return { start, end };
}

/** The listing preferences the calendars read; the JSON column may hold more settings. */
export interface StoredPreferences {
  pricing_enabled?: boolean;
  base_price?: number | null;
  base_price_adjustment?: number | null;
  min_price?: number | null;
  max_price?: number | null;
  min_stay?: number | null;
  checkin_checkout?: { checkin_days: string[]; checkout_days: string[] } | null;
  fee_adjustments?: { total_fee_percentage: number; auto_update: boolean } | null;
}

/** Every stored setting of the listing (the summary and the extras), as the preferences group keeps them. */
export function listingPreferences(ctx: SandboxContext, listing: ListingRow): StoredPreferences {
  return readSettings(ctx, listing) as StoredPreferences;
}

export interface SupportedSettings {
  checkin_checkout: boolean;
  min_stay: boolean;
  long_term_discounts: boolean;
}

export function supportedSettings(listing: Pick<ListingRow, "supported_settings">): SupportedSettings {
  return JSON.parse(listing.supported_settings) as SupportedSettings;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** The service clock's now as the interface writes timestamps. */
export function nowIso(ctx: SandboxContext): string {
  return ctx.clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z");
}
