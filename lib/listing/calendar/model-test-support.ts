import type { PriceCalendar, PriceCalendarNight } from "@/lib/svc/schemas/calendar";
import { datesOf, type DateRange } from "@/lib/listing/calendar/dates";

/** Test fixtures of the listing calendar's model tests. No test framework here. */

/** A price calendar for the range: every night open at 100 + day of month, normal demand. */
export function calendarFor(
  range: DateRange,
  edit: (night: PriceCalendarNight) => PriceCalendarNight = (n) => n,
): PriceCalendar {
  return {
    listing_id: "1000001",
    currency: "USD",
    start_date: range.start_date,
    end_date: range.end_date,
    nights: datesOf(range).map((date) =>
      edit({
        date,
        price: 100 + Number(date.slice(8, 10)),
        recommended_price: 110 + Number(date.slice(8, 10)),
        min_stay: 2,
        available: true,
        is_booked: false,
        reservation_id: null,
        custom_rate: null,
        demand: "normal",
      }),
    ),
  };
}
