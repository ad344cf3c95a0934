import { formatAmount } from "@/lib/format/money";
import type { PreferenceSettingName } from "@/lib/svc/schemas/preferences";
import { limitSentence, money, type LimitHits } from "@/lib/listing/preferences/limit-hits";

/**
 * Pricing guardrails: values a revenue manager would rarely set on purpose. The service
 * accepts them (its `warnings` only cover what a channel cannot take), so the dashboard says
 * so beside the field before saving and asks for a confirmation; a confirmed save goes
 * through unchanged. Each rule is a pure function of plain numbers, so each has its own test;
 * which rules a form raises, and when: `guardrail-checks.ts`.
 */

/**
 * A base price more than this far (in percent, either way) from the service's base price
 * recommendation is flagged. Day-to-day tuning moves a base by 5–15 %; a third or more is
 * usually a typo (an extra digit, a price in another currency) or a stale figure.
 */
export const RECOMMENDATION_TOLERANCE_PERCENT = 30;

/**
 * "Recent stays": reservations that checked in during the last this many days. Six months
 * covers a season either side of today without reaching back to last year's pattern.
 */
export const RECENT_STAY_DAYS = 180;

/**
 * Recent stays are read in one page of this many (the most a page holds). The seeded
 * listings have about 45 stays in six months; a busier listing is judged on its first 100.
 */
export const RECENT_STAYS_PER_PAGE = 100;

export type GuardrailRule =
  | "base_outside_limits"
  | "min_above_max"
  | "base_far_from_recommendation"
  | "min_stay_beyond_longest_stay"
  | "discount_below_minimum";

export interface Guardrail {
  rule: GuardrailRule;
  /** The setting it is said beside, when that setting is being changed. */
  setting: PreferenceSettingName;
  /** Every setting whose change can bring it up (its `setting` first). */
  involves: readonly PreferenceSettingName[];
  /** One or two plain sentences. */
  message: string;
}

const wholeMoney = (value: number, currency: string) => formatAmount(Math.round(value), currency);
const percent = (value: number) => `${Math.round(value * 10) / 10} %`;

/** The base the engine multiplies by each night's demand: the base with its adjustment. */
export function adjustedBase(base: number, adjustmentPercent: number | null | undefined): number {
  return base * (1 + (adjustmentPercent ?? 0) / 100);
}

export interface BaseAndLimits {
  /** The base price set, or the recommendation when the base follows it (`source`). */
  base: number | null;
  source?: "set" | "recommendation";
  adjustment: number | null;
  min: number | null;
  max: number | null;
  currency: string;
  /**
   * The nights a preview of these same values holds at each limit (`previewLimitHits`), when
   * one was made: the guardrail then says the preview's count, never a claim of its own.
   */
  hits?: LimitHits | null;
}

/**
 * The base (with its adjustment) below the minimum price or above the maximum: the engine
 * clamps every night to the limits, so most nights would sit at the limit and the base would
 * stop driving the price (the pain that started this: every night at the minimum).
 */
export function baseOutsideLimits({
  base,
  source = "set",
  adjustment,
  min,
  max,
  currency,
  hits = null,
}: BaseAndLimits): Guardrail | null {
  if (base === null) return null;
  const adjusted = adjustedBase(base, adjustment);
  const below = min !== null && adjusted < min;
  const above = max !== null && adjusted > max;
  if (!below && !above) return null;
  const named = source === "recommendation" ? "The base price recommendation" : "The base price";
  const subject = adjustment
    ? `${named} with its ${percent(adjustment)} adjustment comes to ${wholeMoney(adjusted, currency)}, which`
    : `${named} (${money(base, currency)})`;
  // How many nights end up at the limit depends on each night's demand: only a preview counts
  // them, and the guardrail says the preview's count in the preview's own words.
  const held = below
    ? hits
      ? limitSentence(hits, "floor", min!, currency)
      : "Nights the engine would price under it are held at the minimum, whatever the demand; Preview changes counts them."
    : hits
      ? limitSentence(hits, "ceiling", max!, currency)
      : "Nights the engine would price over it are held at the maximum, whatever the demand; Preview changes counts them.";
  const message = below
    ? `${subject} is below the minimum price of ${money(min!, currency)}. ${held}`
    : `${subject} is above the maximum price of ${money(max!, currency)}. ${held}`;
  return {
    rule: "base_outside_limits",
    setting: "base_price",
    involves: ["base_price", "base_price_adjustment", "min_price", "max_price"],
    message,
  };
}

/**
 * A minimum price above the maximum: no price meets both. The service refuses it, so the
 * single-listing form refuses it too (with this sentence); a batch, which sets one limit on
 * listings whose other limit differs, says which listings the service will refuse.
 */
export function minAboveMax({
  min,
  max,
  currency,
}: Pick<BaseAndLimits, "min" | "max"> & { currency: string | null }): Guardrail | null {
  if (min === null || max === null || min <= max) return null;
  return {
    rule: "min_above_max",
    setting: "min_price",
    involves: ["min_price", "max_price"],
    message: `The minimum price (${money(min, currency)}) is above the maximum price (${money(max, currency)}), so no price can meet both. Lower the minimum or raise the maximum.`,
  };
}

/** A base price set more than RECOMMENDATION_TOLERANCE_PERCENT away from the recommendation. */
export function baseFarFromRecommendation({
  base,
  recommended,
  currency,
}: {
  base: number | null;
  recommended: number | null;
  currency: string;
}): Guardrail | null {
  if (base === null || recommended === null || recommended <= 0) return null;
  const away = ((base - recommended) / recommended) * 100;
  if (Math.abs(away) <= RECOMMENDATION_TOLERANCE_PERCENT) return null;
  return {
    rule: "base_far_from_recommendation",
    setting: "base_price",
    involves: ["base_price"],
    message: `The base price (${money(base, currency)}) is ${Math.round(Math.abs(away))} % ${
      away > 0 ? "above" : "below"
    } the service's base price recommendation (${money(recommended, currency)}). More than ${RECOMMENDATION_TOLERANCE_PERCENT} % away is rarely meant: check the amount.`,
  };
}

/** The longest of the listing's recent stays (canceled ones left out), and how many there were. */
export interface LongestStay {
  nights: number | null;
  stays: number;
  /** The page was full: only the first RECENT_STAYS_PER_PAGE stays were read. */
  partial: boolean;
}

export function longestRecentStay(
  reservations: ReadonlyArray<{ status: string; nights: number }>,
  perPage = RECENT_STAYS_PER_PAGE,
): LongestStay {
  const standing = reservations.filter((r) => r.status !== "Canceled");
  return {
    nights: standing.length === 0 ? null : Math.max(...standing.map((r) => r.nights)),
    stays: standing.length,
    partial: reservations.length >= perPage,
  };
}

/**
 * A minimum stay longer than every recent stay: had it been in force, it would have refused
 * each of them. Nothing to compare with when there were no recent stays.
 */
export function minStayBeyondLongestStay({
  minStay,
  longest,
}: {
  minStay: number | null;
  longest: LongestStay | null;
}): Guardrail | null {
  if (minStay === null || longest === null || longest.nights === null || minStay <= longest.nights) {
    return null;
  }
  const stays = `${longest.partial ? "the first " : ""}${longest.stays} ${longest.stays === 1 ? "stay" : "stays"}`;
  return {
    rule: "min_stay_beyond_longest_stay",
    setting: "min_stay",
    involves: ["min_stay"],
    message: `The longest of ${stays} checked in during the last ${RECENT_STAY_DAYS} days was ${longest.nights} ${
      longest.nights === 1 ? "night" : "nights"
    }. A minimum stay of ${minStay} nights would have refused every one of them.`,
  };
}

/**
 * A long-term discount that takes a night at the base price under the minimum price. The
 * channel applies the discount on top of the nightly price, so the minimum does not hold for
 * those stays. (The interface has no last-minute or far-future discount: this rule and the
 * percent custom-rate rule stand in for it; see docs/guardrails-decisions.md.)
 */
export function discountBelowMinimum({
  base,
  adjustment,
  min,
  weeklyPercent,
  monthlyPercent,
  currency,
}: Omit<BaseAndLimits, "max" | "source"> & {
  weeklyPercent: number | null;
  monthlyPercent: number | null;
}): Guardrail | null {
  if (base === null || min === null) return null;
  const adjusted = adjustedBase(base, adjustment);
  // A base already under the minimum is base_outside_limits' to say; once is enough.
  if (adjusted < min) return null;
  const under = (
    [
      ["weekly", weeklyPercent],
      ["monthly", monthlyPercent],
    ] as const
  ).filter(([, off]) => off !== null && off > 0 && adjusted * (1 - off / 100) < min);
  if (under.length === 0) return null;
  const parts = under.map(
    ([which, off]) =>
      `the ${which} discount (${percent(off!)}) to ${wholeMoney(adjusted * (1 - off! / 100), currency)}`,
  );
  return {
    rule: "discount_below_minimum",
    setting: "long_term_discounts",
    involves: ["long_term_discounts", "base_price", "base_price_adjustment", "min_price"],
    message: `A night at the base price (${wholeMoney(adjusted, currency)}) falls with ${parts.join(
      " and with ",
    )}, below the minimum price of ${money(min, currency)}. Long stays would be priced under your minimum.`,
  };
}
