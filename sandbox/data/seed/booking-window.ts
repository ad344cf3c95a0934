/**
 * Booking windows: whole days from booking to check-in, one distribution for every stay, past
 * or ahead. P(window > L) = pickupAtLead(L), the share of a night's final bookings on the books
 * L days ahead, by which the calendar keeps a stay ahead of today. So a year ago the books for a
 * month ahead looked as they look today, and the year-ago figures of pace (same time last year,
 * pickup, booking curves) compare like with like.
 *
 * Two consequences of the curve: it is 1 up to 5 days ahead, so no stay is booked less than 6
 * days before check-in; and it keeps about 0.12 at any lead while windows stop at a year, so
 * about one past stay in eight was booked exactly MAX_BOOKING_WINDOW days ahead.
 */
import { pickupAtLead } from "./market-listings";

/** The longest booking window, in days. */
export const MAX_BOOKING_WINDOW = 365;

/** pickupAtLead(w) for w = 0…MAX_BOOKING_WINDOW, non-increasing. */
const ON_THE_BOOKS = Float64Array.from({ length: MAX_BOOKING_WINDOW + 1 }, (_, w) => pickupAtLead(w));

/**
 * The standard normal distribution function (Abramowitz and Stegun 7.1.26, within 1.5e-7):
 * turns a normal draw into a uniform one in (0, 1).
 */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const tail = 0.5 * poly * Math.exp(-x * x);
  return z >= 0 ? 1 - tail : tail;
}

/**
 * The booking window of a stay checking in `lead` days after today (negative: before), from a
 * uniform `u` in (0, 1). The window is the first w with pickupAtLead(w) below the level u, so
 * P(window > w) = pickupAtLead(w). A stay ahead is on the books, so its window is drawn given
 * that it exceeds the lead (the level scaled into (0, pickupAtLead(lead))): booked before today.
 * Beyond the curve's last day the window is MAX_BOOKING_WINDOW, or the day before today for a
 * stay a year ahead.
 */
export function bookingWindow(u: number, lead: number): number {
  const level = lead >= 0 ? u * pickupAtLead(lead) : u;
  let lo = 1;
  let hi = MAX_BOOKING_WINDOW + 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ON_THE_BOOKS[mid] as number) < level) hi = mid;
    else lo = mid + 1;
  }
  return lo <= MAX_BOOKING_WINDOW ? lo : Math.max(MAX_BOOKING_WINDOW, lead + 1);
}
