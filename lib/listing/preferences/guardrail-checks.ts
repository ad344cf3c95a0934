import { addDays } from "@/lib/format/dates";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { PreferenceSettingName, PreferenceSettings } from "@/lib/svc/schemas/preferences";
import type { ReservationFilter } from "@/lib/listing/records/reservations-filter";
import { unsupportedReason } from "@/lib/listing/preferences/warnings";
import {
  baseFarFromRecommendation,
  baseOutsideLimits,
  discountBelowMinimum,
  minAboveMax,
  minStayBeyondLongestStay,
  RECENT_STAY_DAYS,
  type Guardrail,
  type LongestStay,
} from "@/lib/listing/preferences/guardrails";
import type { LimitHits } from "@/lib/listing/preferences/limit-hits";

/**
 * Which guardrails a preferences write raises, for the single-listing editor and per listing
 * of a batch. A guardrail is raised only when the write changes one of the settings it
 * involves: a value stored long ago is not the user's doing now, and nagging about it would
 * make every unrelated save ask for a confirmation.
 */

/** The settings the rules read, as they would stand after the write. */
export interface PriceSettings {
  base_price: number | null;
  base_price_adjustment: number | null;
  min_price: number | null;
  max_price: number | null;
  min_stay: number | null;
  long_term_discounts: { weekly_percent: number | null; monthly_percent: number | null } | null;
}

export interface GuardrailReadings {
  currency: string;
  /** The service's base price recommendation, when read (null: not read or unavailable). */
  recommended: number | null;
  /** The listing's longest recent stay, when read. */
  longest: LongestStay | null;
  /** The nights a current preview of this very change holds at each limit, when one was made. */
  hits?: LimitHits | null;
}

/** What stands after the write: the stored settings with the changed ones over them. */
export function settingsAfter(stored: PriceSettings, changes: PreferenceSettings): PriceSettings {
  const pick = <K extends keyof PriceSettings>(key: K): PriceSettings[K] =>
    changes[key] !== undefined ? (changes[key] as PriceSettings[K]) : stored[key];
  return {
    base_price: pick("base_price"),
    base_price_adjustment: pick("base_price_adjustment"),
    min_price: pick("min_price"),
    max_price: pick("max_price"),
    min_stay: pick("min_stay"),
    long_term_discounts: pick("long_term_discounts"),
  };
}

const changedOf = (changes: PreferenceSettings) => new Set(Object.keys(changes) as PreferenceSettingName[]);

/**
 * The reads the rules need for this write, so that nothing is fetched for a write that
 * cannot raise them: the recommendation when a base price is set (or the base follows the
 * recommendation and a limit or discount changes), recent stays when a minimum stay is set.
 */
export function guardrailNeeds(stored: PriceSettings, changes: PreferenceSettings) {
  const next = settingsAfter(stored, changes);
  const changed = changedOf(changes);
  const baseInvolved = (
    ["base_price_adjustment", "min_price", "max_price", "long_term_discounts"] as const
  ).some((s) => changed.has(s));
  return {
    recommendation:
      (changed.has("base_price") && next.base_price !== null) || (next.base_price === null && baseInvolved),
    recentStays: changed.has("min_stay") && next.min_stay !== null,
  };
}

/** The one page of recent stays the minimum-stay rule reads: check-ins in the last RECENT_STAY_DAYS. */
export function recentStaysFilter(today: string): ReservationFilter {
  return { by: "check_in", from: addDays(today, -RECENT_STAY_DAYS), to: today, page: 1 };
}

/** Every guardrail the write raises, in the order the form shows its settings. */
export function preferenceGuardrails(
  stored: PriceSettings,
  changes: PreferenceSettings,
  { currency, recommended, longest, hits = null }: GuardrailReadings,
): Guardrail[] {
  const next = settingsAfter(stored, changes);
  const changed = changedOf(changes);
  // A base that follows the recommendation is the recommendation, when it was read.
  const base = next.base_price ?? recommended;
  const source = next.base_price === null ? "recommendation" : "set";
  const adjustment = next.base_price_adjustment;
  const found = [
    baseFarFromRecommendation({ base: next.base_price, recommended, currency }),
    baseOutsideLimits({ base, source, adjustment, min: next.min_price, max: next.max_price, currency, hits }),
    minAboveMax({ min: next.min_price, max: next.max_price, currency }),
    minStayBeyondLongestStay({ minStay: next.min_stay, longest }),
    discountBelowMinimum({
      base,
      adjustment,
      min: next.min_price,
      weeklyPercent: next.long_term_discounts?.weekly_percent ?? null,
      monthlyPercent: next.long_term_discounts?.monthly_percent ?? null,
      currency,
    }),
  ];
  return found.filter((g): g is Guardrail => g !== null && g.involves.some((s) => changed.has(s)));
}

/** Where a guardrail is said: beside its own setting if it changes, else the first involved one that does. */
export function placeOf(guardrail: Guardrail, changes: PreferenceSettings): PreferenceSettingName {
  const changed = changedOf(changes);
  if (changed.has(guardrail.setting)) return guardrail.setting;
  return guardrail.involves.find((s) => changed.has(s)) ?? guardrail.setting;
}

/**
 * What a confirmation was given for: the rules and their sentences (which carry the values).
 * A confirmation holds while this stays the same; another value asks again.
 */
export function guardrailSignature(guardrails: ReadonlyArray<Pick<Guardrail, "rule" | "message">>): string {
  return guardrails.map((g) => `${g.rule}:${g.message}`).join("|");
}

// ---------------------------------------------------------------- batch

export interface ListingGuardrail {
  listing: Listing;
  guardrail: Guardrail;
  /** The batch setting it is said beside. */
  place: PreferenceSettingName;
}

/** The batch's settings that this listing's channel takes (the others are discarded, with a warning). */
export function applicableChanges(listing: Pick<Listing, "supported_settings">, changes: PreferenceSettings) {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([setting]) =>
        unsupportedReason(setting as PreferenceSettingName, listing.supported_settings, "") === null,
    ),
  ) as PreferenceSettings;
}

/**
 * A batch's guardrails, listing by listing: each listing's stored summary with the batch's
 * settings its channel takes over it. A batch does not read recommendations (one request per
 * listing), so a listing whose base follows the recommendation is not compared on its base;
 * recent stays are read per listing by the dialog, for a few listings only (`longest`).
 */
export function batchGuardrails(
  listings: readonly Listing[],
  batch: PreferenceSettings,
  longest: ReadonlyMap<string, LongestStay>,
): ListingGuardrail[] {
  return listings.flatMap((listing) => {
    const changes = applicableChanges(listing, batch);
    return preferenceGuardrails(listing.listing_preferences, changes, {
      currency: listing.currency,
      recommended: null,
      longest: longest.get(listing.svc_id) ?? null,
    }).map((guardrail) => ({
      listing,
      place: placeOf(guardrail, changes),
      guardrail:
        guardrail.rule === "min_above_max"
          ? {
              ...guardrail,
              message: `${guardrail.message} The service will refuse this listing; the others still apply.`,
            }
          : guardrail,
    }));
  });
}

/** How many of the listings have no base price of their own while the batch changes what the base is compared with. */
export function followingRecommendation(listings: readonly Listing[], changes: PreferenceSettings): number {
  const changed = changedOf(changes);
  const compared = (["base_price_adjustment", "min_price", "max_price", "long_term_discounts"] as const).some(
    (s) => changed.has(s),
  );
  return compared ? listings.filter((l) => l.listing_preferences.base_price === null).length : 0;
}
