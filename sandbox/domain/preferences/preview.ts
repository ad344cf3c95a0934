/**
 * POST /preferences/{listing_id}/preview: the listing's nightly recommendations as they would
 * be under other settings. Nothing is stored.
 *
 * The calendar holds each night's recommendation under the settings of the last pricing run
 * (`current_price`; repricing.ts).
 * The engine prices a night as base × (1 + base_price_adjustment%) × the night's demand
 * factors, clamped to [min_price, max_price]; so the preview scales each recommendation by
 * the ratio of the previewed adjusted base to the stored one, rounds to whole units like the
 * engine does, and clamps it to the previewed bounds.
 */
import type { PreviewResult } from "../../../lib/svc/schemas/preferences-extras";
import { ApiError } from "../api-error";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import type { StoredSettings } from "./store";
import { adjustedBase, pricedBase } from "./repricing";

/** Dates the preview covers when the query gives none (the next 90, today included). */
export const PREVIEW_DEFAULT_DATES = 90;
const MAX_PREVIEW_DATES = 365;
const DAY_MS = 86_400_000;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The range asked for: start defaults to today, end to 89 days after start. A range of more
 * than 365 dates, or an end before its start (when one end is defaulted), answers 400.
 */
export function previewRange(
  today: string,
  query: { start_date?: string; end_date?: string },
): { start: string; end: string } {
  const start = query.start_date ?? today;
  const end = query.end_date ?? addDays(start, PREVIEW_DEFAULT_DATES - 1);
  if (end < start) {
    throw new ApiError(400, "invalid_query", "The end date is before the start date.", {
      fields: [{ field: "end_date", message: `The end date is before the start date (${start}).` }],
    });
  }
  if (end > addDays(start, MAX_PREVIEW_DATES - 1)) {
    throw new ApiError(400, "invalid_query", `A preview covers at most ${MAX_PREVIEW_DATES} dates.`, {
      fields: [{ field: "end_date", message: `A range covers at most ${MAX_PREVIEW_DATES} dates.` }],
    });
  }
  return { start, end };
}

/**
 * A recommendation priced under an adjusted base (the settings of the last pricing run),
 * re-priced under the previewed settings.
 */
export function previewPrice(
  currentPrice: number,
  listing: ListingRow,
  pricedUnder: number,
  previewed: StoredSettings,
): number {
  const scaled = Math.round((currentPrice * adjustedBase(listing, previewed)) / pricedUnder);
  const min = previewed.min_price ?? 0;
  const max = previewed.max_price ?? Number.POSITIVE_INFINITY;
  return Math.min(max, Math.max(min, scaled));
}

/** One row per calendar night in the range (dates outside the listing's calendar are absent). */
export function pricePreview(
  ctx: SandboxContext,
  listing: ListingRow,
  stored: StoredSettings,
  previewed: StoredSettings,
  range: { start: string; end: string },
): PreviewResult["price_preview"] {
  const nights = ctx.db
    .prepare(
      `SELECT date, recommended_price FROM calendar_nights
       WHERE listing_svc_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
    )
    .all(listing.svc_id, range.start, range.end) as Array<{ date: string; recommended_price: number }>;
  const pricedUnder = pricedBase(ctx, listing, stored);
  return nights.map((night) => ({
    date: night.date,
    current_price: night.recommended_price,
    preview_price: previewPrice(night.recommended_price, listing, pricedUnder, previewed),
  }));
}
