import { addDays } from "@/lib/format/dates";
import type { CalendarNights } from "@/lib/server/mirror/mirror-figures";
import { daysIn, iso } from "@/lib/server/mirror/mirror-rows";

/**
 * The calendar nights both engines group per listing in SQL (`calendarNights`), decoded: the
 * few strings a listing's nights come as, turned into typed nights.
 */

/**
 * A listing's nights grouped in SQL, as strings: the dates and the prices comma-separated (an
 * empty price is none), booked and blocked a character a night ('1', '0', '-' for not said).
 */
export type CalendarNightsRow = {
  listing_id: string;
  currency: string | null;
  read_at: string | Date;
  dates: string;
  prices: string;
  booked: string;
  blocked: string;
};
const said = (c: string | undefined) => (c === "1" ? true : c === "0" ? false : null);

/** The comma-separated prices as numbers, an empty one null, without a string per price. */
function pricesOf(text: string, count: number): Array<number | null> {
  const prices = new Array<number | null>(count).fill(null);
  let start = 0;
  for (let i = 0; i < count; i++) {
    let end = text.indexOf(",", start);
    if (end === -1) end = text.length;
    if (end > start) prices[i] = Number(text.slice(start, end));
    start = end + 1;
  }
  return prices;
}

/**
 * The listings' rows as calendars of the range. A listing's nights nearly always come in date
 * order, every date of the range once: then its dates are the range's own, shared, and only a
 * listing whose dates differ has them split and sorted.
 */
export function calendarNightsOf(
  rows: readonly CalendarNightsRow[],
  range: { from: string; to: string },
): CalendarNights[] {
  const days = Array.from({ length: daysIn(range) }, (_, i) => addDays(range.from, i));
  const inOrder = days.join(",");
  return rows.map((r) => {
    const dates = r.dates === inOrder ? days : r.dates.split(",");
    const prices = pricesOf(r.prices, dates.length);
    const nights = dates.map((date, i) => ({
      date,
      price: prices[i]!,
      booked: said(r.booked[i]),
      blocked: said(r.blocked[i]),
    }));
    if (dates !== days) nights.sort((a, b) => a.date.localeCompare(b.date));
    return { listingId: r.listing_id, currency: r.currency, readAt: iso(r.read_at)!, nights };
  });
}
