import { formatCount, formatCounted, formatCurrency, formatDecimal } from "@/lib/format/numbers";
import { MONTH_NAMES } from "@/lib/format/night-columns";
import { pct } from "@/lib/alerts/words";

/**
 * Each alert's "why": one sentence a revenue manager would accept, made of the measurement's
 * own numbers ("August is 18 % behind last year on nights: 41 against 50, with 6
 * cancellations this week.").
 */

/** "August" in the evaluation's own year, "January 2027" in another. */
export function monthWords(month: string, today: string): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
  return month.slice(0, 4) === today.slice(0, 4) ? name : `${name} ${month.slice(0, 4)}`;
}

const money = (value: number, currency: string) =>
  formatCurrency(value, currency, { minDigits: 0, maxDigits: 0 });
const rounded = (value: number) => formatDecimal(value, { maxDigits: 0 });

export function behindStlyWhy(m: {
  month: string;
  today: string;
  metric: "nights" | "revenue";
  now: number;
  stly: number;
  currency: string | null;
  behindPercent: number;
  cancellations: number;
}): string {
  const figure = (v: number) =>
    m.metric === "nights" || m.currency === null ? rounded(v) : money(v, m.currency);
  const cancelled =
    m.cancellations > 0 ? `, with ${formatCounted(m.cancellations, "cancellation")} this week` : "";
  return `${monthWords(m.month, m.today)} is ${pct(Math.round(m.behindPercent))} behind last year on ${m.metric}: ${figure(m.now)} against ${figure(m.stly)}${cancelled}.`;
}

export function noBookingWhy(m: { days: number; openNights: number }): string {
  return `No new booking in the last ${formatCounted(m.days, "day")}, with ${formatCounted(m.openNights, "open night")} in the next 30.`;
}

export function belowMarketWhy(m: {
  window: number;
  occupancy: number;
  marketOccupancy: number;
  penetration: number;
}): string {
  return `Occupancy in the next ${m.window} nights is ${pct(Math.round(m.occupancy))} against the market's ${pct(m.marketOccupancy)}: ${pct(Math.round(m.penetration))} of the market's.`;
}

export function atMinimumWhy(m: {
  atFloor: number;
  floor: number;
  currency: string | null;
  source: "min_price" | "lowest";
}): string {
  const amount = m.currency === null ? formatDecimal(m.floor, { maxDigits: 2 }) : money(m.floor, m.currency);
  const floor =
    m.source === "min_price"
      ? `the minimum price of ${amount}`
      : `the lowest price the calendar holds, ${amount}`;
  return `${formatCount(m.atFloor)} of the next 30 nights ${m.atFloor === 1 ? "is" : "are"} priced at ${floor}.`;
}

export function pickupBelowLyWhy(m: { pickup: number; lyPickup: number; belowPercent: number }): string {
  return `Pickup in the last 7 days is ${formatCounted(m.pickup, "night")} against ${formatCount(m.lyPickup)} in the same days last year: ${pct(Math.round(m.belowPercent))} below.`;
}

/** The flag's date of detection, when the service sent a readable one. */
const detectedOn = (detectedAt: string | null) =>
  detectedAt !== null && /^\d{4}-\d{2}-\d{2}/.test(detectedAt)
    ? ` (detected ${detectedAt.slice(0, 10)})`
    : "";

export function flagGainedWhy(m: { listing: string; title: string; detectedAt: string | null }): string {
  return `Listing ${m.listing} gained the flag '${m.title}'${detectedOn(m.detectedAt)}.`;
}

export function compsMovedWhy(m: {
  set: string;
  movedPercent: number;
  median: number;
  previous: number;
  currency: string | null;
}): string {
  const unit = m.currency === null ? "" : ` ${m.currency}`;
  return `The comps' median price for the next 30 nights of set '${m.set}' moved ${pct(Math.round(m.movedPercent))} since yesterday: ${rounded(m.median)} against ${rounded(m.previous)}${unit}.`;
}
