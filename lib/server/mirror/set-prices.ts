import { addDays } from "@/lib/format/dates";
import { compStats } from "@/lib/sets/calendar/comp-stats";
import { buildCalendarGrid } from "@/lib/sets/calendar/model";
import { ascendingFinite, median } from "@/lib/sets/calendar/stats";
import type { MirrorGroup, SetPricesDay } from "@/lib/server/mirror/mirror-store";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";

/**
 * The comps' prices of a paid set, read once a day for `comps_moved` (docs/alerts-decisions.md):
 * the set price calendar (`GET /sets/{id}/price_calendar`, paid only, 25 memberships at most)
 * over today and the next 29 nights, kept as one figure per set and day.
 */

/** Nights the figure covers: today and the next 29. */
export const SET_PRICES_NIGHTS = 30;
/** Days of figures kept per set: yesterday's is what today's is compared with; a week more for a look back. */
export const SET_PRICES_DAYS = 14;

/**
 * The sets whose prices are read: the paid ones, as the groups read found them (`is_paid` in
 * the set's body as the service sent it). A free set is never asked: the call is paid only,
 * and its 404 could not be told from a set that is gone.
 */
export const paidSetIds = (groups: readonly MirrorGroup[]): string[] =>
  groups
    .filter((g) => g.kind === "set" && (g.body as { is_paid?: unknown } | null)?.is_paid === true)
    .map((g) => g.id);

/** The range the day's read asks for. */
export const setPricesRange = (today: string) => ({
  start_date: today,
  end_date: addDays(today, SET_PRICES_NIGHTS - 1),
});

/**
 * The day's figure: each night's median over the comps priced that night, as the set calendar
 * page computes it (`compStats`), then the median of those nightly medians. A night no comp
 * has a price for is left out; no such night at all: null.
 */
export function setPricesOf(day: string, calendar: SetPriceCalendar): SetPricesDay {
  const stats = compStats(buildCalendarGrid(calendar));
  const nightly = ascendingFinite(stats.nights.map((n) => n.median ?? Number.NaN));
  return {
    day,
    currency: calendar.currency,
    median: median(nightly),
    comps: stats.comps,
    nights: nightly.length,
  };
}

/** No figure for the day: the calendar could not be read (more than 25 memberships, no longer paid). */
export const noSetPrices = (day: string): SetPricesDay => ({
  day,
  currency: null,
  median: null,
  comps: 0,
  nights: 0,
});
