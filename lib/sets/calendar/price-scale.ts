import {
  NO_BUCKET,
  PRICE_PALETTE,
  bucketOf,
  type CalendarGrid,
  type LegendBucket,
} from "@/lib/sets/calendar/model";

/**
 * How prices are coloured. "set": the grid's own scale, rescaled to each set and each range
 * (each colour covers about as many nights: best to read one set). "bands": fixed price
 * bands in whole units of the set's currency, the same for every set and every range, so two
 * sets, or one set before and after a change, are coloured alike for the same price.
 */
export type PriceScale = "set" | "bands";

export const PRICE_SCALES = ["set", "bands"] as const;

export const isPriceScale = (value: unknown): value is PriceScale =>
  typeof value === "string" && (PRICE_SCALES as readonly string[]).includes(value);

/** The lower bounds of the fixed bands after the first: one band per colour of the palette. */
export const PRICE_BANDS = [100, 150, 200, 300, 500] as const;

/** The legend's words for the scale in use. */
export function priceScaleTitle(scale: PriceScale, currency: string): string {
  return scale === "bands"
    ? `Nightly price (${currency}) in fixed bands, the same for every set and every range`
    : `Nightly price (${currency}), rescaled to this set and range: each colour about the same share of nights`;
}

/**
 * The grid recoloured on the fixed bands: the comps and my rows priced in the set's currency
 * (the others stay neutral, as on the set's own scale). Counts are the comps' nights per band.
 */
export function withPriceBands(grid: CalendarGrid): CalendarGrid {
  const width = grid.columns.length;
  const priceBucket = new Uint8Array(grid.price.length).fill(NO_BUCKET);
  const counts: number[] = PRICE_PALETTE.map(() => 0);
  grid.rows.forEach((row, r) => {
    if (row.mine && !row.mine.onScale) return;
    for (let i = r * width; i < (r + 1) * width; i++) {
      const price = grid.price[i]!;
      if (Number.isNaN(price)) continue;
      const bucket = bucketOf(price, PRICE_BANDS);
      priceBucket[i] = bucket;
      if (!row.mine) counts[bucket]!++;
    }
  });
  const money = grid.money;
  const labels = [
    `Under ${money(PRICE_BANDS[0])}`,
    ...PRICE_BANDS.slice(1).map((upper, j) => `${money(PRICE_BANDS[j]!)}\u2013${money(upper - 1)}`),
    `${money(PRICE_BANDS[PRICE_BANDS.length - 1]!)} and over`,
  ];
  const priceLegend: LegendBucket[] = labels.map((label, j) => ({
    colour: PRICE_PALETTE[j]!,
    label,
    count: counts[j]!,
  }));
  return { ...grid, priceBucket, priceLegend };
}

export const applyPriceScale = (grid: CalendarGrid, scale: PriceScale): CalendarGrid =>
  scale === "bands" ? withPriceBands(grid) : grid;
