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

// ---------------------------------------------------------------- a night's two prices

/*
 * A custom rate changes what the service posts, not what the channel shows: the channel keeps
 * its price until the next posting (automatic, or Sync). So a night with a custom rate has two
 * prices, the channel's and the one waiting to be posted, and every calendar that shows one of
 * the caller's nights (the listing's, the set's pinned rows) says both, in these words.
 */

type Rate = { price_type: CustomPriceType; price_value: number };

export interface NightPrices {
  /** The price in force on the channel (the price calendar's `price`). */
  price: number;
  customRate: Rate | null;
  /**
   * What the service would post: the recommendation after custom rates and min/max prices
   * (the recommendations' `price`); null while they are not read.
   */
  postPrice: number | null;
}

/** Where the recommendations, which carry the price to post, stand ("off": not asked). */
export type PostPriceState = "off" | "loading" | "error" | "ready";

/** The calendars' names for a night's prices. */
export const NIGHT_PRICE_TERMS = {
  channel: "Price on the channel",
  toPost: "Price to post",
  customRate: "Custom rate",
} as const;

export const WAITING_TO_BE_POSTED = "Waiting to be posted";

/** The price to post in money, else why it is not shown ("Loading the recommendations…"). */
export function priceToPostWords(
  postPrice: number | null,
  state: PostPriceState,
  money: (value: number) => string,
): string {
  if (postPrice !== null) return money(postPrice);
  if (state === "loading") return "Loading the recommendations…";
  if (state === "error") return "The recommendations did not load.";
  return "Unknown";
}

/**
 * A custom rate's price not on the channel yet: the night has a rate and the price to post
 * differs (to the cent) from the channel's. Unknown, so not said, until the price to post is read.
 */
export function waitingToPost(night: NightPrices): boolean {
  return (
    night.customRate !== null &&
    night.postPrice !== null &&
    Math.round(night.postPrice * 100) !== Math.round(night.price * 100)
  );
}

/**
 * A night's custom rate in a sentence, after its channel price: "custom rate: Fixed at $250,
 * waiting to be posted: $250"; "…, on the channel" once posted; the rate alone while the price
 * to post is unknown. null for a night without one.
 */
export function customRatePhrase(
  night: NightPrices,
  currency: string,
  money: (value: number) => string,
): string | null {
  if (!night.customRate) return null;
  const rate = `custom rate: ${rateWords(night.customRate, currency)}`;
  if (night.postPrice === null) return rate;
  return waitingToPost(night)
    ? `${rate}, ${WAITING_TO_BE_POSTED.toLowerCase()}: ${money(night.postPrice)}`
    : `${rate}, on the channel`;
}
