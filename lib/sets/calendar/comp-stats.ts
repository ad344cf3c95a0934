import type { CalendarGrid } from "@/lib/sets/calendar/model";
import { ascendingFinite, median, percentile } from "@/lib/sets/calendar/stats";
import type { MembersByStatus } from "@/lib/svc/schemas/sets";
import { memberGroups } from "@/lib/sets/page";

/**
 * The comps' price per night as rows (median, 25th and 75th percentile) and my listings'
 * difference to that median, pure.
 *
 * Which comps count: the service's set calendar covers active members only, but its answer is
 * cached for minutes while the members are read again after every change. A comp the members
 * answer holds under another status (suggested, inactive, or one this dashboard does not know)
 * is left out of the figures; one the members answer does not name is taken at the calendar's
 * word. A night a comp has no price for is left out of that night's figures, never read as 0.
 */

export interface CompNight {
  /** Comps with a price this night. */
  count: number;
  p25: number | null;
  median: number | null;
  p75: number | null;
}

export interface CompStats {
  /** One per column of the grid. */
  nights: CompNight[];
  /** Comps counted (active, or of unknown status). */
  comps: number;
  /** Comps on the calendar left out because the members answer holds them under another status. */
  leftOut: number;
}

/** The ids of members held under any status but active: the comps the figures leave out. */
export function notActiveIds(members: MembersByStatus | undefined): ReadonlySet<string> {
  const ids = new Set<string>();
  if (!members) return ids;
  for (const { status, members: group } of memberGroups(members)) {
    if (status === "active") continue;
    for (const member of group) ids.add(member.listing_id);
  }
  // A listing that is also in the active group is active (an upsert keeps one membership).
  for (const member of members.active ?? []) ids.delete(member.listing_id);
  return ids;
}

export function compStats(grid: CalendarGrid, leftOutIds: ReadonlySet<string> = new Set()): CompStats {
  const width = grid.columns.length;
  const counted: number[] = [];
  for (let r = grid.pinned; r < grid.rows.length; r++) {
    if (!leftOutIds.has(grid.rows[r]!.listingId)) counted.push(r);
  }
  const nights = grid.columns.map((_, c) => {
    const sorted = ascendingFinite(counted.map((r) => grid.price[r * width + c]!));
    return {
      count: sorted.length,
      p25: percentile(sorted, 0.25),
      median: median(sorted),
      p75: percentile(sorted, 0.75),
    };
  });
  return { nights, comps: counted.length, leftOut: grid.rows.length - grid.pinned - counted.length };
}

export interface Difference {
  /** My price minus the median, in the set's currency. */
  amount: number;
  /** The amount in whole % of the median. */
  percent: number;
}

/** Null when either price is unknown, or the median is 0 (no share of nothing). */
export function differenceToMedian(price: number, middle: number | null): Difference | null {
  if (middle === null || !Number.isFinite(price) || !Number.isFinite(middle) || middle <= 0) return null;
  const percent = Math.round(((price - middle) / middle) * 100);
  // Math.round(-0.4) is -0, which would read as "-0".
  return { amount: price - middle, percent: percent === 0 ? 0 : percent };
}

/** Why a night of mine has no difference, or null when it has one. */
export type NoDifference = "not-compared" | "no-price" | "no-median";

export function mineDifference(
  grid: CalendarGrid,
  stats: CompStats,
  row: number,
  col: number,
): Difference | NoDifference {
  const mine = grid.rows[row]?.mine;
  if (!mine?.onScale) return "not-compared";
  const price = grid.price[row * grid.columns.length + col]!;
  if (Number.isNaN(price)) return "no-price";
  return differenceToMedian(price, stats.nights[col]?.median ?? null) ?? "no-median";
}

/** What a difference cell shows: "+12", "-8", "0" (the % is in the row's name and the legend). */
export function signedPercent(difference: Difference): string {
  return difference.percent > 0 ? `+${difference.percent}` : String(difference.percent);
}

/** The difference in words, for a screen reader and the night details. */
export function differenceWords(difference: Difference, median: string): string {
  if (difference.percent === 0) return `level with the comps' median of ${median}`;
  const side = difference.percent > 0 ? "above" : "below";
  return `${Math.abs(difference.percent)}% ${side} the comps' median of ${median}`;
}

export const NO_DIFFERENCE_WORDS: Record<NoDifference, string> = {
  "not-compared": "not compared: priced in another currency than the set",
  "no-price": "no price of yours this night",
  "no-median": "no comp priced this night",
};
