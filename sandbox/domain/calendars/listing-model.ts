/**
 * The listing-level figures of the pricing model: the base price recommendation with its
 * attribution, check-in/check-out days, suggested min/max prices and monthly seasonality.
 */
import type {
  BasePriceRecommendation,
  CheckinCheckout,
  MinMaxPrices,
  MonthlySeasonality,
} from "../../../lib/svc/schemas/listing-extras";
import { weekday, type Weekday } from "../../../lib/svc/schemas/preferences";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { converter } from "../fx";
import { neighborhoodCandidates } from "./neighborhood";
import { addDays, listingPreferences, round2, supportedSettings } from "./range";

const ALL_WEEKDAYS: Weekday[] = [...weekday.options];

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Each amenity more than the neighborhood's median is worth 1.5 % of the starting price. */
const AMENITY_SHARE = 0.015;
/** Each guest of capacity more than the neighborhood's median is worth 3 %. */
const GUEST_SHARE = 0.03;
/** Neither factor moves the price by more than 15 % of the starting price. */
const FACTOR_CAP = 0.15;

/**
 * The recommended base price (`listings.base_price`) explained: it starts from the median
 * base price of the neighborhood (the market's candidates of the listing's bedroom group),
 * adds the amenities and capacity factors against the neighborhood's medians, and the
 * listing's own booking performance and demand account for the rest, so the terms add up.
 */
export function basePriceRecommendation(
  ctx: SandboxContext,
  listing: ListingRow,
  listingId: string,
  today: string,
): BasePriceRecommendation {
  const candidates = neighborhoodCandidates(ctx, listing);
  const convert = converter(ctx);
  const inCurrency = (amount: number, currency: string) =>
    currency === listing.currency ? amount : convert(amount, currency, listing.currency);
  const recommended = listing.base_price;
  const starting = round2(median(candidates.map((c) => inCurrency(c.base_price, c.currency))) ?? recommended);
  const capped = (amount: number) => round2(Math.max(-FACTOR_CAP, Math.min(FACTOR_CAP, amount)) * starting);
  const amenityDiff =
    (JSON.parse(listing.amenities) as string[]).length -
    (median(candidates.map((c) => c.amenity_count)) ?? 0);
  const guestMedian = median(candidates.flatMap((c) => (c.max_guests === null ? [] : [c.max_guests])));
  const guestDiff =
    listing.max_guests === null || guestMedian === null ? 0 : listing.max_guests - guestMedian;
  const amenities = capped(amenityDiff * AMENITY_SHARE);
  const capacity = capped(guestDiff * GUEST_SHARE);
  const performance = round2(recommended - starting - amenities - capacity);
  return {
    listing_id: listingId,
    currency: listing.currency,
    recommended_base_price: recommended,
    effective_base_price: listingPreferences(ctx, listing).base_price ?? recommended,
    // The recommendation is recomputed in the service's daily run.
    updated_at: `${today}T00:00:00Z`,
    attribution: {
      starting_price: starting,
      factors: [
        { factor: "amenities", label: "Amenities compared with the neighborhood", amount: amenities },
        { factor: "capacity", label: "Guest capacity compared with the neighborhood", amount: capacity },
        { factor: "performance", label: "Booking performance and demand", amount: performance },
      ],
    },
  };
}

/** The preference when the channel takes it and it is set; every day otherwise. */
export function checkinCheckout(
  ctx: SandboxContext,
  listing: ListingRow,
  listingId: string,
): CheckinCheckout {
  const rule = supportedSettings(listing).checkin_checkout
    ? listingPreferences(ctx, listing).checkin_checkout
    : null;
  return {
    listing_id: listingId,
    checkin_days: (rule?.checkin_days as Weekday[] | undefined) ?? ALL_WEEKDAYS,
    checkout_days: (rule?.checkout_days as Weekday[] | undefined) ?? ALL_WEEKDAYS,
  };
}

/** Below the cheapest and above the dearest night of the next year the model would price. */
const SUGGESTED_MIN_SHARE = 0.85;
const SUGGESTED_MAX_SHARE = 1.15;

/**
 * Configured bounds from the preferences; suggested ones from the market model over the
 * next 365 nights: the base price times the lowest (highest) nightly price multiplier,
 * with 15 % of room.
 */
export function minMaxPrices(
  ctx: SandboxContext,
  listing: ListingRow,
  listingId: string,
  today: string,
): MinMaxPrices {
  const prefs = listingPreferences(ctx, listing);
  const span = ctx.db
    .prepare(
      `SELECT MIN(season * weekday * event * noise) AS lo, MAX(season * weekday * event * noise) AS hi
       FROM market_nights WHERE market_id = ? AND date BETWEEN ? AND ?`,
    )
    .get(listing.market_id, today, addDays(today, 364)) as { lo: number | null; hi: number | null };
  const base = listing.base_price;
  return {
    listing_id: listingId,
    currency: listing.currency,
    min_price: prefs.min_price ?? null,
    max_price: prefs.max_price ?? null,
    recommended_min_price:
      span.lo === null ? null : Math.max(1, Math.round(base * span.lo * SUGGESTED_MIN_SHARE)),
    recommended_max_price:
      span.hi === null ? null : Math.max(1, Math.round(base * span.hi * SUGGESTED_MAX_SHARE)),
  };
}

/**
 * The market's mean season factor of each calendar month over every stored market night,
 * divided by the mean of the twelve, so 1 is the yearly average.
 */
export function monthlySeasonality(
  ctx: SandboxContext,
  listing: ListingRow,
  listingId: string,
): MonthlySeasonality {
  const rows = ctx.db
    .prepare(
      `SELECT CAST(substr(date, 6, 2) AS INTEGER) AS month, AVG(season) AS season
       FROM market_nights WHERE market_id = ? GROUP BY month ORDER BY month`,
    )
    .all(listing.market_id) as Array<{ month: number; season: number }>;
  const byMonth = new Map(rows.map((r) => [r.month, r.season]));
  const yearly = rows.reduce((sum, r) => sum + r.season, 0) / (rows.length || 1);
  return {
    listing_id: listingId,
    months: Array.from({ length: 12 }, (_, i) => ({
      month_of_year: i + 1,
      factor: Math.round(((byMonth.get(i + 1) ?? yearly) / (yearly || 1)) * 1000) / 1000,
    })),
  };
}
