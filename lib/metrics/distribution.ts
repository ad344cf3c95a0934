import type { Listing } from "@/lib/svc/schemas/listings";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { SetDistribution } from "@/lib/svc/schemas/set-analytics";
import type { MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * A set's distribution as histogram bars with the caller's own associated listings placed on
 * them: the point of the chart is where my listings stand among the set's members.
 */

export const WINDOW_LABELS: Record<MetricWindow, string> = {
  "365_0": "Past 365 days",
  "90_0": "Past 90 days",
  "30_0": "Past 30 days",
  "0_30": "Next 30 days",
  "0_90": "Next 90 days",
};

/** One of the caller's associated listings with its own value of the distribution's metric. */
export interface MyListingValue {
  listingId: string;
  name: string;
  value: number | null;
}

/** Where one of my listings stands among the set's members. */
export interface MyMark extends MyListingValue {
  /** Members whose value is below mine, and how many members have a value. */
  membersBelow: number;
  membersWithValue: number;
}

export interface HistogramBar {
  lower: number;
  upper: number;
  count: number;
  /** My associated listings whose value falls in this bucket. */
  mine: MyMark[];
}

export interface Histogram {
  bars: HistogramBar[];
  /** My listings below the lowest member value or above the highest: on no bar. */
  below: MyMark[];
  above: MyMark[];
  /** My listings without a value for this metric and window. */
  unknown: MyListingValue[];
  /** Members with a value (the bars' counts add up to it). */
  membersWithValue: number;
}

/**
 * The distribution's buckets as bars and my listings placed on them. A value belongs to the
 * bucket with lower ≤ value < upper; the last bucket also holds its upper edge (the service's
 * rule). My listings are not members, so they can fall outside every bucket.
 */
export function histogram(
  distribution: Pick<SetDistribution, "buckets" | "listing_values">,
  mine: readonly MyListingValue[],
): Histogram {
  const memberValues = distribution.listing_values.map((l) => l.value).filter((v): v is number => v !== null);
  const bars: HistogramBar[] = distribution.buckets.map((b) => ({ ...b, mine: [] }));
  const below: MyMark[] = [];
  const above: MyMark[] = [];
  const unknown: MyListingValue[] = [];
  for (const listing of mine) {
    if (listing.value === null) {
      unknown.push(listing);
      continue;
    }
    const value = listing.value;
    const mark: MyMark = {
      ...listing,
      membersBelow: memberValues.filter((v) => v < value).length,
      membersWithValue: memberValues.length,
    };
    const index = bars.findIndex(
      (bar, i) => value >= bar.lower && (i === bars.length - 1 ? value <= bar.upper : value < bar.upper),
    );
    if (index >= 0) bars[index]!.mine.push(mark);
    else if (bars.length > 0 && value > bars[bars.length - 1]!.upper) above.push(mark);
    else below.push(mark);
  }
  return { bars, below, above, unknown, membersWithValue: memberValues.length };
}

/**
 * My associated listings joined with their values from GET /listings/kpis (one request
 * ranks the whole portfolio by the distribution's metric and window, in the set's currency).
 * A listing the ranking does not cover reads as unknown, never 0.
 */
export function myListingValues(
  associated: ReadonlyArray<Pick<Listing, "svc_id" | "name">>,
  rows: ReadonlyArray<Pick<PortfolioKpiRow, "listing_id" | "value">>,
): MyListingValue[] {
  const byId = new Map(rows.map((r) => [r.listing_id, r.value]));
  return associated.map((l) => ({ listingId: l.svc_id, name: l.name, value: byId.get(l.svc_id) ?? null }));
}
