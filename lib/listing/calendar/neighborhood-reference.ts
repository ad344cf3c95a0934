import { addDays, weekdayIndex } from "@/lib/listing/calendar/dates";
import { cents, type CalendarNight, type CalendarYear } from "@/lib/listing/calendar/model";

/**
 * Your price against the neighborhood's, for the reference chart and a night's details: a
 * host prices by where they sit in the market, not by a number alone.
 */

export interface WeeklyReferencePoint {
  /** The Monday the week starts on (or the range's first date for a partial first week). */
  weekStart: string;
  nights: number;
  price: number | null;
  recommended: number | null;
  median: number | null;
  p25: number | null;
  p75: number | null;
  /** [p25, p75] for a band; null when either end is unknown. */
  band: [number, number] | null;
}

function mean(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  return cents(known.reduce((sum, v) => sum + v, 0) / known.length);
}

/**
 * Weekly averages of your price, the recommendation and the neighborhood's median, p25 and
 * p75: 52 readable points instead of 365 jagged ones (weekends swing every week). Unknown
 * neighborhood figures stay null (a gap), never 0.
 */
export function weeklyReference(year: Pick<CalendarYear, "nights">): WeeklyReferencePoint[] {
  const groups = new Map<string, CalendarNight[]>();
  for (const night of year.nights) {
    const monday = addDays(night.date, -weekdayIndex(night.date));
    const group = groups.get(monday);
    if (group) group.push(night);
    else groups.set(monday, [night]);
  }
  return [...groups.values()].map((nights) => {
    const p25 = mean(nights.map((n) => n.neighborhood?.p25 ?? null));
    const p75 = mean(nights.map((n) => n.neighborhood?.p75 ?? null));
    return {
      weekStart: nights[0]!.date,
      nights: nights.length,
      price: mean(nights.map((n) => n.price)),
      recommended: mean(nights.map((n) => n.recommendedPrice)),
      median: mean(nights.map((n) => n.neighborhood?.median ?? null)),
      p25,
      p75,
      band: p25 !== null && p75 !== null ? [p25, p75] : null,
    };
  });
}

/** Where the night's price sits against the neighborhood's p25–p75. */
export type NeighborhoodPosition = "below" | "within" | "above" | "unknown";

export function neighborhoodPosition(
  night: Pick<CalendarNight, "price" | "neighborhood">,
): NeighborhoodPosition {
  const hood = night.neighborhood;
  if (!hood || hood.p25 === null || hood.p75 === null) return "unknown";
  if (night.price < hood.p25) return "below";
  if (night.price > hood.p75) return "above";
  return "within";
}
