import { onSetScale, type MineCalendar, type MineRowInfo } from "@/lib/sets/calendar/mine";
import type { PriceCalendarNight } from "@/lib/svc/schemas/calendar";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import { nightColumns, type MonthSpan, type NightColumn } from "@/lib/format/night-columns";
import { currencyFormatter } from "@/lib/format/numbers";
import { appliedMinStay, type AppliedMinStay } from "@/lib/listing/calendar/applied";

/**
 * The set price calendar's grid, pure: the service's answer turned into what the heat map
 * draws (rows, nights, colours, legend, words). The 25-membership rule is `set-calendar-gate.ts`.
 */

// ---------------------------------------------------------------------------------------
// The grid: one row per active member (the service answers active members only), one
// column per night of the requested range
// ---------------------------------------------------------------------------------------

export type ColourMode = "price" | "probability";

/** Per-cell state; a night missing from a member's array is drawn as "no data", never as 0. */
export const CELL_MISSING = 0;
export const CELL_AVAILABLE = 1;
export const CELL_UNAVAILABLE = 2;
export const NO_BUCKET = 255;

export type CalendarColumn = NightColumn;

export type { MonthSpan };

export interface LegendBucket {
  colour: string;
  label: string;
  /** Nights drawn in this colour. */
  count: number;
}

export interface CalendarRow {
  listingId: string;
  name: string;
  /** Set on my own associated listings, pinned first; absent on the comps. */
  mine?: MineRowInfo;
}

/** A night of mine with a custom rate: the rate, and the price it waits to post (null until read). */
export interface MineCustomRate {
  rate: NonNullable<PriceCalendarNight["custom_rate"]>;
  postPrice: number | null;
  /** The minimum stay that applies under the rate, and whose it is. */
  minStay: AppliedMinStay;
}

export interface CalendarGrid {
  currency: string;
  /** My pinned rows first (`pinned` of them), then the comps. */
  rows: CalendarRow[];
  pinned: number;
  columns: CalendarColumn[];
  months: MonthSpan[];
  /** Row-major, rows × columns. */
  state: Uint8Array;
  price: Float64Array;
  probability: Int16Array;
  /** 1 on a night of mine that holds a reservation (mine have no probability, their bookings are known). */
  booked: Uint8Array;
  /** The nights of mine with a custom rate, by cell index (few: a map, not an array per cell). */
  customRates: ReadonlyMap<number, MineCustomRate>;
  minStay: Int16Array;
  priceBucket: Uint8Array;
  probabilityBucket: Uint8Array;
  priceLegend: LegendBucket[];
  probabilityLegend: LegendBucket[];
  money: (value: number) => string;
}

/** Light to dark (viridis, reversed): higher prices read darker, and it survives colour blindness. */
export const PRICE_PALETTE = ["#fde725", "#7ad151", "#22a884", "#2a788e", "#414487", "#440154"] as const;
/** Available nights first (a neutral that follows the theme), then unavailable nights by how likely they are booked (OrRd). */
export const PROBABILITY_PALETTE = [
  "var(--heat-available)",
  "#fdd49e",
  "#fc8d59",
  "#d7301f",
  "#7f0000",
] as const;
const PROBABILITY_LABELS = ["Available (0%)", "10–29%", "30–49%", "50–69%", "70–90%"];
export const MISSING_COLOUR = "var(--heat-missing)";

export function probabilityBucketOf(available: boolean, percent: number): number {
  if (available) return 0;
  return percent < 30 ? 1 : percent < 50 ? 2 : percent < 70 ? 3 : 4;
}

/**
 * Thresholds at the k-quantiles of the prices, ties merged, so that each colour covers about
 * as many nights as the next however skewed the prices are (a luxury outlier does not wash
 * every other comp into one colour).
 */
export function priceThresholds(sortedPrices: ArrayLike<number>, buckets = PRICE_PALETTE.length): number[] {
  const n = sortedPrices.length;
  const thresholds: number[] = [];
  for (let i = 1; i < buckets && n > 0; i++) {
    const t = sortedPrices[Math.floor((i * n) / buckets)]!;
    if (t > sortedPrices[0]! && t !== thresholds[thresholds.length - 1]) thresholds.push(t);
  }
  return thresholds;
}

export function bucketOf(value: number, thresholds: readonly number[]): number {
  let lo = 0;
  let hi = thresholds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (thresholds[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Bucket j of k spread over the palette, so two buckets still use its two ends. */
const paletteIndex = (j: number, k: number) =>
  k <= 1 ? 2 : Math.round((j * (PRICE_PALETTE.length - 1)) / (k - 1));

/**
 * `mine`: my associated listings, pinned as the first rows. Only the comps make the colour
 * scale and the legend's counts; mine are drawn on that scale when priced in its currency.
 */
export function buildCalendarGrid(
  calendar: SetPriceCalendar,
  mine: readonly MineCalendar[] = [],
): CalendarGrid {
  const { columns, months, colOf } = nightColumns(calendar.start_date, calendar.end_date);
  const nights = columns.length;

  const pinned = mine.length;
  const rows: CalendarRow[] = [
    ...mine.map((m) => ({
      listingId: m.listingId,
      name: m.name,
      mine: {
        currency: m.currency,
        onScale: onSetScale(calendar.currency, m.currency),
        status: m.status,
        postState: m.postState,
      },
    })),
    ...calendar.listings.map((l) => ({ listingId: l.listing_id, name: l.name })),
  ];
  const size = rows.length * nights;
  const state = new Uint8Array(size);
  const price = new Float64Array(size).fill(Number.NaN);
  const probability = new Int16Array(size).fill(-1);
  const booked = new Uint8Array(size);
  const customRates = new Map<number, MineCustomRate>();
  const minStay = new Int16Array(size).fill(-1);
  const probabilityBucket = new Uint8Array(size).fill(NO_BUCKET);
  const probabilityCounts = PROBABILITY_LABELS.map(() => 0);
  mine.forEach((listing, r) => {
    for (const night of listing.nights) {
      const c = colOf.get(night.date);
      if (c === undefined) continue;
      const i = r * nights + c;
      state[i] = night.available ? CELL_AVAILABLE : CELL_UNAVAILABLE;
      price[i] = night.price;
      minStay[i] = night.min_stay;
      booked[i] = night.is_booked ? 1 : 0;
      if (night.custom_rate) {
        // A custom rate's minimum stay overrides the listing's, which is what the price calendar gives.
        const applied = appliedMinStay({
          calendar: night.min_stay,
          hasCustomRate: true,
          recommendation: listing.postMinStays?.get(night.date) ?? null,
        });
        minStay[i] = applied.nights;
        customRates.set(i, {
          rate: night.custom_rate,
          postPrice: listing.postPrices.get(night.date) ?? null,
          minStay: applied,
        });
      }
      // Known, not estimated: available reads as the scale's 0 %, a booking as its darkest
      // colour, a night blocked without one stays neutral (hatched). None is counted in the legend.
      probabilityBucket[i] = night.available
        ? 0
        : night.is_booked
          ? PROBABILITY_LABELS.length - 1
          : NO_BUCKET;
    }
  });
  calendar.listings.forEach((listing, index) => {
    const r = pinned + index;
    for (const night of listing.nights) {
      const c = colOf.get(night.date);
      if (c === undefined) continue;
      const i = r * nights + c;
      state[i] = night.available ? CELL_AVAILABLE : CELL_UNAVAILABLE;
      price[i] = night.price;
      probability[i] = night.booking_probability_percent;
      minStay[i] = night.min_stay;
      const b = probabilityBucketOf(night.available, night.booking_probability_percent);
      probabilityBucket[i] = b;
      probabilityCounts[b]!++;
    }
  });

  const money = moneyFormatter(calendar.currency);
  const firstComp = pinned * nights;
  const known = price
    .subarray(firstComp)
    .filter((p) => !Number.isNaN(p))
    .sort();
  const thresholds = priceThresholds(known);
  const priceBucket = new Uint8Array(size).fill(NO_BUCKET);
  const k = thresholds.length + 1;
  const ranges = Array.from({ length: k }, () => ({ min: Infinity, max: -Infinity, count: 0 }));
  rows.slice(0, pinned).forEach((row, r) => {
    if (!row.mine?.onScale || known.length === 0) return;
    for (let i = r * nights; i < (r + 1) * nights; i++) {
      if (!Number.isNaN(price[i]!)) priceBucket[i] = bucketOf(price[i]!, thresholds);
    }
  });
  for (let i = firstComp; i < size; i++) {
    const p = price[i]!;
    if (Number.isNaN(p)) continue;
    const b = bucketOf(p, thresholds);
    priceBucket[i] = b;
    const range = ranges[b]!;
    range.count++;
    if (p < range.min) range.min = p;
    if (p > range.max) range.max = p;
  }
  const priceLegend =
    known.length === 0
      ? []
      : ranges.map((range, j) => ({
          colour: PRICE_PALETTE[paletteIndex(j, k)]!,
          label: range.min === range.max ? money(range.min) : `${money(range.min)}–${money(range.max)}`,
          count: range.count,
        }));
  const probabilityLegend = PROBABILITY_LABELS.map((label, j) => ({
    colour: PROBABILITY_PALETTE[j]!,
    label,
    count: probabilityCounts[j]!,
  }));

  return {
    currency: calendar.currency,
    rows,
    pinned,
    columns,
    months,
    state,
    price,
    probability,
    booked,
    customRates,
    minStay,
    priceBucket,
    probabilityBucket,
    priceLegend,
    probabilityLegend,
    money,
  };
}

/** Whole units in the set's currency ("$215"). */
export function moneyFormatter(currency: string): (value: number) => string {
  return currencyFormatter(currency, { maxDigits: 0 });
}

/** The fill of one cell in one mode; unavailable nights are also hatched by the view. */
export function cellColour(grid: CalendarGrid, mode: ColourMode, index: number): string {
  const bucket = (mode === "price" ? grid.priceBucket : grid.probabilityBucket)[index]!;
  if (bucket === NO_BUCKET) return MISSING_COLOUR;
  return (mode === "price" ? grid.priceLegend : grid.probabilityLegend)[bucket]!.colour;
}
