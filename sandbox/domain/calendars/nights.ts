/**
 * Per-night views of one own listing: the price calendar, the recommendations, the minimum
 * stays and the fee impact. Each reads the listing's `calendar_nights` joined with the custom
 * rate period in force (if any) in one query.
 *
 * A custom rate period (table `custom_rates`, written by the custom-rates endpoints) applies to
 * a night when start_date <= date <= end_date and it has not expired (`expires_at` null or
 * after now). Stored periods of one listing do not overlap; should two ever cover a night,
 * the newer one (higher id) wins.
 */
import type {
  CustomPriceType,
  DemandLevel,
  PriceCalendarNight,
  PriceRecommendation,
} from "../../../lib/svc/schemas/calendar";
import type { SandboxContext } from "../../context";
import { servicePrice } from "../records/price-changes";
import type { ListingRow } from "../access";
import { listingPreferences, nowIso, type DateRange } from "./range";

interface NightRow {
  date: string;
  price: number;
  recommended_price: number;
  min_stay: number;
  available: number;
  blocked: number;
  reservation_id: string | null;
  demand: DemandLevel;
  rate_type: CustomPriceType | null;
  rate_value: number | null;
  rate_min_price: number | null;
  rate_max_price: number | null;
  rate_min_stay: number | null;
}

const NIGHTS_SQL = `
  SELECT n.date, n.price, n.recommended_price, n.min_stay, n.available, n.blocked, n.reservation_id, n.demand,
         r.price_type AS rate_type, r.price_value AS rate_value, r.min_price AS rate_min_price,
         r.max_price AS rate_max_price, r.min_stay AS rate_min_stay
  FROM calendar_nights n
  LEFT JOIN custom_rates r ON r.id = (
    SELECT c.id FROM custom_rates c
    WHERE c.listing_svc_id = n.listing_svc_id AND c.start_date <= n.date AND c.end_date >= n.date
      AND (c.expires_at IS NULL OR c.expires_at > @now)
    ORDER BY c.id DESC LIMIT 1)
  WHERE n.listing_svc_id = @id AND n.date BETWEEN @start AND @end
  ORDER BY n.date`;

/** The listing's nights in the range with the custom rate of each, oldest first. */
export function readNights(ctx: SandboxContext, svcId: string, range: DateRange): NightRow[] {
  return ctx.db
    .prepare(NIGHTS_SQL)
    .all({ id: svcId, start: range.start, end: range.end, now: nowIso(ctx) }) as NightRow[];
}

/** A booked night holds a reservation; a night closed without one is blocked by the host. */
function isBooked(night: NightRow): boolean {
  return night.available === 0 && night.blocked === 0;
}

export function priceCalendarNights(nights: readonly NightRow[]): PriceCalendarNight[] {
  return nights.map((n) => {
    const booked = isBooked(n);
    return {
      date: n.date,
      price: n.price,
      recommended_price: n.recommended_price,
      min_stay: n.min_stay,
      available: n.available === 1,
      is_booked: booked,
      reservation_id: booked ? n.reservation_id : null,
      custom_rate:
        n.rate_type === null ? null : { price_type: n.rate_type, price_value: n.rate_value as number },
      demand: n.demand,
    };
  });
}

/**
 * What the service would post for each night: the engine's recommendation, or the custom
 * rate's price where a period applies (the one definition, `servicePrice`, that recent
 * changes also use).
 */
export function recommendations(nights: readonly NightRow[]): PriceRecommendation[] {
  return nights.map((n) => ({
    date: n.date,
    price: servicePrice(
      n.recommended_price,
      n.rate_type === null
        ? undefined
        : {
            price_type: n.rate_type,
            price_value: n.rate_value!,
            min_price: n.rate_min_price,
            max_price: n.rate_max_price,
          },
    ),
    recommended_price: n.recommended_price,
    custom_type: n.rate_type,
    min_stay: effectiveMinStay(n),
  }));
}

/** A custom rate's min_stay overrides the calendar's. */
export function effectiveMinStay(night: Pick<NightRow, "min_stay" | "rate_min_stay">): number {
  return night.rate_min_stay ?? night.min_stay;
}

/**
 * Guests pay `1 + total_fee_percentage / 100` per unit of nightly rate once the estimated
 * fees are added (preferences `fee_adjustments`); 1 without an estimate. The estimate is one
 * figure for the listing, so every date carries the same multiplier.
 */
export function feeMultiplier(ctx: SandboxContext, listing: ListingRow): number {
  const pct = listingPreferences(ctx, listing).fee_adjustments?.total_fee_percentage;
  // Four decimals: a fee percentage may carry two of its own.
  return typeof pct === "number" ? Math.max(0, Math.round((1 + pct / 100) * 10_000) / 10_000) : 1;
}
