import { formatMoney } from "@/lib/format/money";
import type { NeighborhoodPricing } from "@/lib/svc/schemas/calendar";

/**
 * A night's neighborhood in the portfolio calendar's details: its median price and middle half
 * (p25 to p75), with how many listings they are of, in the answer's currency. A figure the
 * service does not give for the night is said to be missing, never shown as 0.
 */
export function neighborhoodWords(answer: NeighborhoodPricing, date: string): string {
  const day = answer.days.find((d) => d.date === date);
  if (!day) return "no figures for this night.";
  const of = `of ${day.listing_count} ${day.listing_count === 1 ? "listing" : "listings"}`;
  const { median_price: median, p25_price: p25, p75_price: p75 } = day;
  if (median === null && (p25 === null || p75 === null)) return `no prices for this night (${of}).`;
  const parts = [
    median === null ? null : `median ${formatMoney(median, answer.currency)}`,
    p25 === null || p75 === null
      ? null
      : `middle half ${formatMoney(p25, answer.currency)}\u2013${formatMoney(p75, answer.currency)}`,
  ].filter((part): part is string => part !== null);
  return `${parts.join(", ")}, ${of}.`;
}
