import { format, parseISO } from "date-fns";
import { formatCurrency } from "@/lib/format/numbers";
import type { CustomPriceType } from "@/lib/svc/schemas/calendar";

/*
 * Custom rates in words, apart from the form and its schemas: the calendars show a night's rate
 * with their first load, without the form's code.
 */

/** A price in the listing's currency: whole units when whole ("$132"), else with cents ("$278.50"). */
export function formatPrice(value: number, currency: string): string {
  return formatCurrency(value, currency, { centsIfAny: true });
}

/** "Fixed at $278", "11% below the recommendation", "15% above the recommendation". */
export function rateWords(
  rate: { price_type: CustomPriceType; price_value: number },
  currency: string,
): string {
  if (rate.price_type === "fixed") return `Fixed at ${formatPrice(rate.price_value, currency)}`;
  if (rate.price_value === 0) return "The recommendation, unchanged";
  const size = `${Math.abs(rate.price_value)}%`;
  return `${size} ${rate.price_value < 0 ? "below" : "above"} the recommendation`;
}

/** "2 Dec 2026", "28 Nov – 2 Dec 2026", "28 Dec 2026 – 3 Jan 2027". */
export function periodDates(period: { start_date: string; end_date: string }): string {
  const start = parseISO(period.start_date);
  const end = parseISO(period.end_date);
  if (period.start_date === period.end_date) return format(start, "d MMM yyyy");
  if (period.start_date.slice(0, 4) === period.end_date.slice(0, 4)) {
    return `${format(start, "d MMM")} – ${format(end, "d MMM yyyy")}`;
  }
  return `${format(start, "d MMM yyyy")} – ${format(end, "d MMM yyyy")}`;
}
