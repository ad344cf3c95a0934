/**
 * What a rule measures, from the mirror's rows as plain data: a night of the price calendar
 * as the mirror's reader typed it, a listing's floor, occupancy over a window. Pure, so that every
 * edge is a unit test; the server side (lib/server/alerts/readings.ts) reads the rows.
 */

/** A night as the mirror's typed columns hold it (the store's `TypedNight`). */
export interface NightFacts {
  date: string;
  price: number | null;
  /** null: the calendar did not say. */
  booked: boolean | null;
  /** Not available and not booked; null when the calendar did not say. */
  blocked: boolean | null;
}

const numberOf = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value)
    ? value
    : typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))
      ? Number(value)
      : null;

/** Open: neither booked nor blocked, as the calendar says; a night it says nothing of is not counted open. */
export const isOpen = (n: NightFacts) => n.booked === false && n.blocked === false;

/**
 * The price a listing's nights sit at when at their floor: the listing's minimum price setting
 * (`listing_preferences.min_price`) when it has one; else the lowest price its mirrored nights
 * hold, but only when their prices differ (a calendar at one price everywhere has no floor to
 * read). null: no floor can be told.
 */
export function floorOf(
  listingBody: unknown,
  nights: readonly NightFacts[],
): { floor: number; source: "min_price" | "lowest" } | null {
  const prefs = (listingBody as { listing_preferences?: { min_price?: unknown } } | null)
    ?.listing_preferences;
  const setting = numberOf(prefs?.min_price);
  if (setting !== null && setting > 0) return { floor: setting, source: "min_price" };
  let lowest = Infinity;
  let highest = -Infinity;
  for (const { price } of nights) {
    if (price === null) continue;
    if (price < lowest) lowest = price;
    if (price > highest) highest = price;
  }
  return lowest === highest || lowest === Infinity ? null : { floor: lowest, source: "lowest" };
}

/** At the floor: priced at it, or under it (a custom rate can post under the setting). Cents are not told apart. */
export const atFloor = (n: NightFacts, floor: number) => n.price !== null && n.price <= floor + 0.005;

/** A listing's occupancy over a window: booked nights over the nights it could sell (not blocked). */
export function windowOccupancy(nights: readonly NightFacts[]): { booked: number; sellable: number } {
  let booked = 0;
  let sellable = 0;
  for (const n of nights) {
    if (n.booked === true) {
      booked += 1;
      sellable += 1;
    } else if (n.blocked === false) sellable += 1;
  }
  return { booked, sellable };
}

/** A flag a listing holds, as GET /listings/{id}/flags answered it. Its code identifies it. */
export interface FlagFacts {
  code: string;
  severity: string | null;
  message: string | null;
  /** When the service detected it, as it sent it; null when it did not say. */
  detectedAt: string | null;
}

const textOf = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);

/**
 * A listing's flags body read tolerantly: a flag without a code it can be told by is skipped, a
 * code this dashboard does not know is kept as it came, a code listed twice counts once. null:
 * the body is not a list at all (nothing can be said of the listing's flags).
 */
export function flagFacts(body: unknown): FlagFacts[] | null {
  if (!Array.isArray(body)) return null;
  const flags = new Map<string, FlagFacts>();
  for (const item of body) {
    if (typeof item !== "object" || item === null) continue;
    const flag = item as Record<string, unknown>;
    const code = textOf(flag.code);
    if (code === null || flags.has(code)) continue;
    flags.set(code, {
      code,
      severity: textOf(flag.severity),
      message: textOf(flag.message),
      detectedAt: textOf(flag.detected_at),
    });
  }
  return [...flags.values()];
}
