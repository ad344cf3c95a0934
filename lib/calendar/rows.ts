import { formatCurrency, orEmpty } from "@/lib/format/numbers";
import { rateWords } from "@/lib/listing/custom-rates/words";
import type { DemandLevel, PriceCalendar, PriceCalendarNight } from "@/lib/svc/schemas/calendar";
import type { Listing } from "@/lib/svc/schemas/listings";
import { appliedMinStay, minStayWords } from "@/lib/listing/calendar/applied";

/**
 * One row of the portfolio calendar: a listing's price calendar answer laid on the grid's
 * columns, compact (typed arrays: 1,500 listings × 365 nights stay small in memory), with the
 * colour of each night by price against the listing's own base price, or by demand.
 */

export type ColourBy = "price" | "demand";
export type Figure = "price" | "recommended";

/** A night the answer did not cover is drawn as "no data", never as 0. */
export const NIGHT_MISSING = 0;
export const NIGHT_OPEN = 1;
export const NIGHT_BOOKED = 2;
/** Not available and not booked: blocked by the host. */
export const NIGHT_BLOCKED = 3;

export interface RowNights {
  listingId: string;
  currency: string;
  /** What "relative to the base price" divides by: the base price preference, else the median price of the range. */
  basePrice: number | null;
  state: Uint8Array;
  price: Float64Array;
  recommended: Float64Array;
  minStay: Uint16Array;
  /** Index into DEMAND_LEVELS, 255 when missing. */
  demand: Uint8Array;
  /** Custom rates by column (most nights have none). */
  customRates: ReadonlyMap<number, PriceCalendarNight["custom_rate"]>;
}

export const DEMAND_LEVELS: readonly DemandLevel[] = ["low", "normal", "high", "very_high"];

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export function rowNights(
  calendar: Pick<PriceCalendar, "listing_id" | "currency" | "nights">,
  colOf: ReadonlyMap<string, number>,
  columns: number,
  basePrice: number | null,
): RowNights {
  const state = new Uint8Array(columns);
  const price = new Float64Array(columns).fill(Number.NaN);
  const recommended = new Float64Array(columns).fill(Number.NaN);
  const minStay = new Uint16Array(columns);
  const demand = new Uint8Array(columns).fill(255);
  const customRates = new Map<number, PriceCalendarNight["custom_rate"]>();
  const prices: number[] = [];
  for (const night of calendar.nights) {
    const c = colOf.get(night.date);
    if (c === undefined) continue;
    state[c] = night.is_booked ? NIGHT_BOOKED : night.available ? NIGHT_OPEN : NIGHT_BLOCKED;
    price[c] = night.price;
    recommended[c] = night.recommended_price;
    minStay[c] = night.min_stay;
    demand[c] = DEMAND_LEVELS.indexOf(night.demand);
    if (night.custom_rate) customRates.set(c, night.custom_rate);
    prices.push(night.price);
  }
  return {
    listingId: calendar.listing_id,
    currency: calendar.currency,
    basePrice: basePrice !== null && basePrice > 0 ? basePrice : median(prices),
    state,
    price,
    recommended,
    minStay,
    demand,
    customRates,
  };
}

/** The base price a row's colours are relative to: the listing's preference when set. */
export const basePriceOf = (listing: Listing | null) => listing?.listing_preferences.base_price ?? null;

// ---------------------------------------------------------------- colours and legend

/** Price against base: diverging, blue below, neutral near base, orange to red above (ColorBrewer RdYlBu reversed). */
export const PRICE_BANDS = [
  { below: 0.8, colour: "#4575b4", label: "Under 80 % of base" },
  { below: 0.95, colour: "#91bfdb", label: "80–95 %" },
  { below: 1.05, colour: "#f7f7f7", label: "95–105 % (near base)" },
  { below: 1.25, colour: "#fee090", label: "105–125 %" },
  { below: 1.5, colour: "#fc8d59", label: "125–150 %" },
  { below: Number.POSITIVE_INFINITY, colour: "#d73027", label: "150 % of base or more" },
] as const;

export const DEMAND_BANDS = [
  { level: "low", colour: "#deebf7", label: "Low demand" },
  { level: "normal", colour: "#f7f7f7", label: "Normal demand" },
  { level: "high", colour: "#fdae6b", label: "High demand" },
  { level: "very_high", colour: "#e6550d", label: "Very high demand" },
] as const;

export const MISSING_COLOUR = "var(--heat-missing)";

export function priceBand(value: number, base: number | null): number {
  if (!Number.isFinite(value) || base === null || base <= 0) return -1;
  const ratio = value / base;
  return PRICE_BANDS.findIndex((band) => ratio < band.below);
}

export function nightColour(row: RowNights, col: number, by: ColourBy, figure: Figure): string {
  if (row.state[col] === NIGHT_MISSING) return MISSING_COLOUR;
  if (by === "demand") return DEMAND_BANDS[row.demand[col]!]?.colour ?? MISSING_COLOUR;
  const band = priceBand(figureOf(row, col, figure), row.basePrice);
  return band < 0 ? MISSING_COLOUR : PRICE_BANDS[band]!.colour;
}

export const figureOf = (row: RowNights, col: number, figure: Figure) =>
  figure === "price" ? row.price[col]! : row.recommended[col]!;

/** Text on a coloured night keeps 4.5:1: dark on the light bands, white on the darkest. */
export function textOn(colour: string): string {
  return colour === "#4575b4" || colour === "#d73027" || colour === "#e6550d" ? "#ffffff" : "#0f172a";
}

/** "$245", "€1.2K": a price that fits a night's cell. */
export function compactMoney(value: number, currency: string): string {
  return formatCurrency(value, currency, { compact: true, minDigits: 0, maxDigits: 1 });
}

// ---------------------------------------------------------------- words

const STATE_WORDS = ["No data", "Open", "Booked", "Blocked by the host"];
const DEMAND_WORDS = ["Low demand", "Normal demand", "High demand", "Very high demand"];

export interface NightWords {
  status: string;
  price: string;
  recommended: string;
  minStay: string;
  demand: string;
  customRate: string | null;
  /** "95–105 % (near base)" or null without a base. */
  band: string | null;
}

export function nightWords(row: RowNights, col: number): NightWords | null {
  if (row.state[col] === NIGHT_MISSING) return null;
  const money = (v: number) => orEmpty(v, (known) => compactMoney(known, row.currency));
  const custom = row.customRates.get(col);
  const band = priceBand(row.price[col]!, row.basePrice);
  return {
    status: STATE_WORDS[row.state[col]!]!,
    price: money(row.price[col]!),
    recommended: money(row.recommended[col]!),
    minStay: minStayOf(row, col, custom !== undefined && custom !== null),
    demand: DEMAND_WORDS[row.demand[col]!] ?? "Unknown demand",
    customRate: custom ? `Custom rate: ${rateWords(custom, row.currency)}` : null,
    band: band < 0 ? null : PRICE_BANDS[band]!.label,
  };
}

/**
 * The night's minimum stay as the price calendar gives it: the listing's own. Under a custom
 * rate, which may set its own (the service states it only in the listing's minimum-stay
 * calendar and recommendations), it is said to be the listing's (night-min-stay.tsx reads the
 * one that applies for the night details).
 */
function minStayOf(row: RowNights, col: number, hasCustomRate: boolean): string {
  const { value, note } = minStayWords(appliedMinStay({ calendar: row.minStay[col]!, hasCustomRate }));
  return note === null ? value : `${value}, the listing's; the custom rate may set its own`;
}

/** A night's accessible name: its figures in words, so nothing is told by colour alone. */
export function nightSummary(row: RowNights, col: number, dateWords: string): string {
  const words = nightWords(row, col);
  if (!words) return `${dateWords}: no data`;
  return [
    dateWords,
    words.status,
    `price ${words.price}`,
    `recommended ${words.recommended}`,
    `minimum stay ${words.minStay}`,
    words.demand,
    words.customRate,
  ]
    .filter(Boolean)
    .join(", ");
}
