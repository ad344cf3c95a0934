import { formatAmount } from "@/lib/format/money";
import type { CustomPriceType } from "@/lib/svc/schemas/calendar";
import type { Listing } from "@/lib/svc/schemas/listings";
import { adjustedBase } from "@/lib/listing/preferences/guardrails";

/**
 * The custom-rate guardrail: a rate that would price nights under the listing's minimum
 * price or over its maximum. A fixed rate is posted as it is (the limits do not hold it); a
 * percent rate moves each night's recommendation, judged here on a night at the base price.
 * Advice, like the preference guardrails: the form asks for a confirmation, never refuses.
 */

export interface ListingLimits {
  /** A night at the base price: the base with its adjustment, or the recommendation; null when unknown. */
  base: number | null;
  min: number | null;
  max: number | null;
  currency: string;
}

export interface CustomRateGuardrail {
  rule: "custom_rate_outside_limits";
  message: string;
}

const money = (value: number, currency: string) => formatAmount(Math.round(value * 100) / 100, currency);

/** The listing's limits from its summary; `recommended` stands in for a base that follows it. */
export function limitsOf(
  listing: Pick<Listing, "listing_preferences" | "currency">,
  recommended: number | null = null,
): ListingLimits {
  const prefs = listing.listing_preferences;
  const base = prefs.base_price ?? recommended;
  return {
    base: base === null ? null : adjustedBase(base, prefs.base_price_adjustment),
    min: prefs.min_price,
    max: prefs.max_price,
    currency: listing.currency,
  };
}

/** Whether the rule can judge this rate on this listing (a percent rate needs the base). */
export function canCheckRate(priceType: CustomPriceType, limits: ListingLimits): boolean {
  if (limits.min === null && limits.max === null) return true;
  return priceType === "fixed" || limits.base !== null;
}

/** A custom rate below the minimum price or above the maximum, or null. */
export function customRateOutsideLimits(
  rate: { price_type: CustomPriceType; price_value: number },
  { base, min, max, currency }: ListingLimits,
): CustomRateGuardrail | null {
  if (!Number.isFinite(rate.price_value)) return null;
  let price: number;
  let subject: string;
  if (rate.price_type === "fixed") {
    price = rate.price_value;
    subject = `A fixed price of ${money(price, currency)} is`;
  } else {
    if (base === null) return null;
    price = Math.round(base * (1 + rate.price_value / 100));
    const size = Math.abs(rate.price_value);
    const move =
      rate.price_value === 0
        ? "the recommendation unchanged"
        : `a rate ${size} % ${rate.price_value < 0 ? "below" : "above"} the recommendation`;
    subject = `At the base price (${money(Math.round(base), currency)}), ${move} comes to ${money(price, currency)},`;
  }
  if (min !== null && price < min) {
    return {
      rule: "custom_rate_outside_limits",
      message: `${subject} below the minimum price of ${money(min, currency)}. Nights in this period would be priced under your minimum.`,
    };
  }
  if (max !== null && price > max) {
    return {
      rule: "custom_rate_outside_limits",
      message: `${subject} above the maximum price of ${money(max, currency)}. Nights in this period would be priced over your maximum.`,
    };
  }
  return null;
}

export interface BulkRateChecks {
  findings: Array<{ listing: Listing; guardrail: CustomRateGuardrail }>;
  /** Listings a percent rate could not be judged on: their base follows the recommendation. */
  unchecked: Listing[];
}

/**
 * The rule per listing of a bulk change, each on its own limits and currency (a fixed price is
 * read in each listing's currency). A bulk change reads no recommendations.
 */
export function bulkRateGuardrails(
  listings: readonly Listing[],
  rate: { price_type: CustomPriceType; price_value: number },
): BulkRateChecks {
  const checks: BulkRateChecks = { findings: [], unchecked: [] };
  for (const listing of listings) {
    const limits = limitsOf(listing);
    if (!canCheckRate(rate.price_type, limits)) {
      checks.unchecked.push(listing);
      continue;
    }
    const guardrail = customRateOutsideLimits(rate, limits);
    if (guardrail) checks.findings.push({ listing, guardrail });
  }
  return checks;
}
