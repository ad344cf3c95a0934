/**
 * The minimum stay that will actually apply to a night. The interface's precedence: a custom
 * rate's minimum stay overrides the listing's for the nights its period covers. The price
 * calendar's `min_stay` is the listing's own (it carries the custom rate's price, not its
 * minimum stay); the service states the night's minimum stay with the custom rate applied in
 * two answers: the recommendations' `min_stay` (always read by the calendar) and the
 * minimum-stay calendar (an overlay). Either of those decides; the listing's stands only where
 * neither has an answer for the night.
 */

/** Who set the minimum stay that applies: the listing, a custom rate, or not yet known. */
export type MinStaySource = "listing" | "custom_rate" | "unconfirmed";

export interface AppliedMinStay {
  /** The nights that apply. */
  nights: number;
  source: MinStaySource;
  /** The listing's own minimum stay (the price calendar's), for saying what a custom rate replaced. */
  listingNights: number;
}

export function appliedMinStay(night: {
  /** The price calendar's `min_stay`: the listing's own. */
  calendar: number;
  /** The night lies in a custom rate period (the price calendar's `custom_rate`). */
  hasCustomRate: boolean;
  /** The recommendations' `min_stay` for the night; null or absent when not read or not given. */
  recommendation?: number | null;
  /** The minimum-stay calendar's value for the night; null or absent without the overlay. */
  minStayCalendar?: number | null;
}): AppliedMinStay {
  const stated = night.recommendation ?? night.minStayCalendar ?? null;
  if (stated === null) {
    // A custom rate may carry its own minimum stay; until the service says, the listing's is shown as such.
    return {
      nights: night.calendar,
      source: night.hasCustomRate ? "unconfirmed" : "listing",
      listingNights: night.calendar,
    };
  }
  return {
    nights: stated,
    source: night.hasCustomRate && stated !== night.calendar ? "custom_rate" : "listing",
    listingNights: night.calendar,
  };
}

const nightsWord = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;

/** "2 nights", and who set them when it was not the listing: the night panel's line and the square's summary. */
export function minStayWords(applied: AppliedMinStay): { value: string; note: string | null } {
  const value = nightsWord(applied.nights);
  if (applied.source === "custom_rate") {
    return { value, note: `Set by the custom rate (the listing's is ${nightsWord(applied.listingNights)})` };
  }
  if (applied.source === "unconfirmed") {
    return { value, note: "The listing's; the custom rate may set its own once the recommendations load" };
  }
  return { value, note: null };
}
