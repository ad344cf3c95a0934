/**
 * The triage score's factors: what each measures of a listing, its weight, and the curve
 * that turns its measurement into a sub-score from 0 (needs attention) to 100 (healthy).
 * Pure, so every edge is a unit test; the server side (lib/server/triage/) measures them
 * from the portfolio mirror. A measurement of null is "not measured": the factor is left out
 * and the other weights are rescaled (score.ts).
 */

export const FACTOR_KEYS = [
  "pace_30",
  "pace_60",
  "pace_90",
  "market",
  "last_booking",
  "at_minimum",
  "base_price",
  "flags",
] as const;
export type FactorKey = (typeof FACTOR_KEYS)[number];

/** Weights out of 100 (all factors measured): the nearest nights weigh most, as they sell first. */
export const WEIGHTS: Readonly<Record<FactorKey, number>> = {
  pace_30: 25,
  pace_60: 10,
  pace_90: 5,
  market: 20,
  last_booking: 15,
  at_minimum: 10,
  base_price: 5,
  flags: 10,
};

export const FACTOR_LABELS: Readonly<Record<FactorKey, string>> = {
  pace_30: "Next 30 nights against last year",
  pace_60: "Next 60 nights against last year",
  pace_90: "Next 90 nights against last year",
  market: "Occupancy against the market",
  last_booking: "Days since the last booking",
  at_minimum: "Nights at the minimum price",
  base_price: "Base price against the recommended",
  flags: "Open flags",
};

/** Nights on the books now against the same nights last year as they stood then (STLY). */
export interface PaceMeasure {
  nights: number;
  window: 30 | 60 | 90;
  otb: number;
  stly: number;
}
/** The next 30 nights' booked and sellable nights, and the market's mean occupancy (percent). */
export interface MarketMeasure {
  booked: number;
  sellable: number;
  marketOccupancy: number;
}
/** Whole days since the newest booking still standing; null: none within `horizon` days. */
export interface LastBookingMeasure {
  days: number | null;
  horizon: number;
  /** Open nights of the next 30: a listing with none has nothing left to sell. */
  openNights: number;
}
export interface AtMinimumMeasure {
  nights: number;
  floor: number;
  source: "min_price" | "lowest";
  currency: string | null;
}
export interface BasePriceMeasure {
  actual: number;
  recommended: number;
  currency: string | null;
}
export interface FlagsMeasure {
  critical: number;
  warning: number;
  /** info, and any severity this version does not know. */
  other: number;
}

export interface ListingMeasures {
  pace_30: PaceMeasure | null;
  pace_60: PaceMeasure | null;
  pace_90: PaceMeasure | null;
  market: MarketMeasure | null;
  last_booking: LastBookingMeasure | null;
  at_minimum: AtMinimumMeasure | null;
  base_price: BasePriceMeasure | null;
  flags: FlagsMeasure | null;
}

export const NOTHING_MEASURED: ListingMeasures = {
  pace_30: null,
  pace_60: null,
  pace_90: null,
  market: null,
  last_booking: null,
  at_minimum: null,
  base_price: null,
  flags: null,
};

const clamp = (value: number) => Math.min(100, Math.max(0, value));
/** 0 at or under `zero`, 100 at or over `full`, a straight line between. */
const rising = (value: number, zero: number, full: number) => clamp(((value - zero) * 100) / (full - zero));

/** Half of last year's nights or fewer: 0; as many as last year or more: 100. Not measured without last year. */
export function paceSubScore(m: PaceMeasure): number | null {
  if (m.stly <= 0) return null;
  return rising(m.otb / m.stly, 0.5, 1);
}

/** Penetration (occupancy over the market's): 50 % or under: 0; the market's or over: 100. */
export function marketSubScore(m: MarketMeasure): number | null {
  if (m.sellable <= 0 || m.marketOccupancy <= 0) return null;
  return rising((m.booked * 100) / m.sellable / m.marketOccupancy, 0.5, 1);
}

/** Booked within a week: 100; 60 days or more (or none in the horizon): 0. Nothing left to sell: 100. */
export const LAST_BOOKING_FRESH_DAYS = 7;
export const LAST_BOOKING_STALE_DAYS = 60;
export function lastBookingSubScore(m: LastBookingMeasure): number {
  if (m.openNights === 0) return 100;
  if (m.days === null) return 0;
  return 100 - rising(m.days, LAST_BOOKING_FRESH_DAYS, LAST_BOOKING_STALE_DAYS);
}

/** No night at the floor: 100; 15 of the next 30 or more: 0. */
export const AT_MINIMUM_WORST = 15;
export function atMinimumSubScore(m: AtMinimumMeasure): number {
  return 100 - rising(m.nights, 0, AT_MINIMUM_WORST);
}

/** The base price within 5 % of the recommended: 100; 30 % or more away, either way: 0. */
export function basePriceSubScore(m: BasePriceMeasure): number | null {
  if (m.recommended <= 0) return null;
  return 100 - rising(Math.abs(m.actual - m.recommended) / m.recommended, 0.05, 0.3);
}

/** Each open flag takes off by its severity: critical 60, warning 30, any other 10. */
export const FLAG_PENALTY = { critical: 60, warning: 30, other: 10 } as const;
export function flagsSubScore(m: FlagsMeasure): number {
  return clamp(
    100 -
      m.critical * FLAG_PENALTY.critical -
      m.warning * FLAG_PENALTY.warning -
      m.other * FLAG_PENALTY.other,
  );
}

/** A factor's sub-score; null when it cannot be measured for the listing. */
export function subScoreOf(key: FactorKey, m: ListingMeasures): number | null {
  switch (key) {
    case "pace_30":
    case "pace_60":
    case "pace_90": {
      const pace = m[key];
      return pace ? paceSubScore(pace) : null;
    }
    case "market":
      return m.market ? marketSubScore(m.market) : null;
    case "last_booking":
      return m.last_booking ? lastBookingSubScore(m.last_booking) : null;
    case "at_minimum":
      return m.at_minimum ? atMinimumSubScore(m.at_minimum) : null;
    case "base_price":
      return m.base_price ? basePriceSubScore(m.base_price) : null;
    case "flags":
      return m.flags ? flagsSubScore(m.flags) : null;
  }
}

/**
 * A listing's flags body as the service sent it (GET /listings/{id}/flags: an array of flag
 * objects), read tolerantly: an entry that is not an object is skipped, a severity this
 * version does not know counts as the mildest. null when the body is not an array.
 */
export function flagsOf(body: unknown): FlagsMeasure | null {
  const list = Array.isArray(body)
    ? body
    : typeof body === "object" && body !== null && Array.isArray((body as { flags?: unknown }).flags)
      ? (body as { flags: unknown[] }).flags
      : null;
  if (list === null) return null;
  const m: FlagsMeasure = { critical: 0, warning: 0, other: 0 };
  for (const flag of list) {
    if (typeof flag !== "object" || flag === null) continue;
    const severity = (flag as { severity?: unknown }).severity;
    if (severity === "critical") m.critical += 1;
    else if (severity === "warning") m.warning += 1;
    else m.other += 1;
  }
  return m;
}
