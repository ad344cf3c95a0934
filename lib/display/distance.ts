import { formatDecimal } from "@/lib/format/numbers";

/**
 * Distances in the unit the reader thinks in. The service speaks kilometres only
 * (`radius_km`, `distance_km`); the dashboard converts at that boundary and nowhere else.
 */

export type DistanceUnit = "km" | "mi";

export const DISTANCE_UNITS: readonly DistanceUnit[] = ["km", "mi"];

/** The international mile, exactly. */
export const KM_PER_MILE = 1.609344;

/** Regions whose people read road distances in miles (the UK signs roads in miles too). */
const MILE_REGIONS = new Set(["US", "GB", "LR", "MM"]);

export const isDistanceUnit = (value: unknown): value is DistanceUnit => value === "km" || value === "mi";

/**
 * The unit a locale reads distances in: miles for the United States, the United Kingdom,
 * Liberia and Myanmar, kilometres everywhere else. A language without a region ("en") takes
 * its likeliest region (Intl.Locale#maximize: "en" → US); an unreadable tag reads km.
 */
export function defaultUnitFor(locale: string | undefined): DistanceUnit {
  if (!locale) return "km";
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && MILE_REGIONS.has(region) ? "mi" : "km";
  } catch {
    return "km";
  }
}

/** Kilometres (the service's unit) in the reader's unit. */
export const fromKm = (km: number, unit: DistanceUnit) => (unit === "km" ? km : km / KM_PER_MILE);

/** A value in the reader's unit back in kilometres, for the service. */
export const toKm = (value: number, unit: DistanceUnit) => (unit === "km" ? value : value * KM_PER_MILE);

export const unitWords: Record<DistanceUnit, string> = { km: "Kilometres", mi: "Miles" };

const oneDecimal = (value: number) => formatDecimal(value, { maxDigits: 1 });

/**
 * A distance given in kilometres, in the reader's unit: under 1 km it says metres; in miles
 * it stays in tenths of a mile ("0.4 mi"), never feet, which would read as false precision.
 */
export function formatDistance(km: number, unit: DistanceUnit): string {
  if (unit === "km") return km < 1 ? `${Math.round(km * 1000)} m` : `${oneDecimal(km)} km`;
  const miles = fromKm(km, "mi");
  return `${oneDecimal(miles < 0.1 && miles > 0 ? 0.1 : miles)} mi`;
}

/**
 * A limit in kilometres (the service's radius default or cap) as a round figure in the
 * reader's unit, rounded down to a tenth so that the converted value never exceeds the cap.
 */
export function limitIn(km: number, unit: DistanceUnit): number {
  if (unit === "km") return km;
  return Math.floor(fromKm(km, "mi") * 10 + 1e-9) / 10;
}
