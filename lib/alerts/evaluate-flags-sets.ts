import type { FlagFacts } from "@/lib/alerts/measure";
import type { RuleParams } from "@/lib/alerts/rules";
import { compsMovedWhy, flagGainedWhy } from "@/lib/alerts/why";
import { keyOf, type Finding, type Judgment } from "@/lib/alerts/evaluate";

/**
 * The judgments of the kinds that watch something other than a listing's books: the flags a
 * listing holds, and a set's comps' prices. Pure, as the listings' kinds are (evaluate.ts).
 */

/** A listing's flags as last read, with the words its alerts name them by. */
export interface ListingFlags {
  listingId: string;
  /** The listing's name as the why says it (its id when it has none). */
  name: string;
  flags: ReadonlyArray<FlagFacts & { title: string }>;
}

/**
 * flag_gained: an alert per flag the listing holds, the flag's code its period, so that it
 * fires once while the flag stands and clears once a read of the listing's flags lacks it.
 */
export function judgeFlagGained(rows: readonly ListingFlags[]): Judgment {
  const holds: Finding[] = [];
  const measured = new Set<string>();
  const measuredListings = new Set<string>();
  for (const row of rows) {
    measuredListings.add(row.listingId);
    for (const flag of row.flags) {
      measured.add(keyOf(row.listingId, flag.code));
      holds.push({
        listingId: row.listingId,
        period: flag.code,
        measured: {
          code: flag.code,
          severity: flag.severity,
          message: flag.message,
          detected_at: flag.detectedAt,
        },
        against: {},
        why: flagGainedWhy({ listing: row.name, title: flag.title, detectedAt: flag.detectedAt }),
      });
    }
  }
  return { holds, measured, measuredListings };
}

/** A set's comps' median price for the next 30 nights, as read on a day. */
export interface SetPricesOn {
  day: string;
  median: number | null;
  currency: string | null;
}

/** What comps_moved's alert stands under: the set, in `listing_id`, and its period naming it a set. */
export const setPeriod = (setId: string) => `set:${setId}`;

/**
 * comps_moved: the set's newest day against the day before it. Fires when the median moved
 * more than X % either way (strict). Not measured without both days, a median on each, the
 * same currency on each, or a previous median above 0.
 */
export function judgeCompsMoved(
  params: RuleParams<"comps_moved">,
  set: { setId: string; name: string; latest: SetPricesOn | null; previous: SetPricesOn | null },
): Judgment {
  const key = keyOf(set.setId, setPeriod(set.setId));
  const { latest, previous } = set;
  if (
    !latest ||
    !previous ||
    latest.median === null ||
    previous.median === null ||
    previous.median <= 0 ||
    latest.currency !== previous.currency
  )
    return { holds: [], measured: new Set() };
  const measured = new Set([key]);
  const change = latest.median - previous.median;
  if (Math.abs(change) * 100 <= params.percent * previous.median) return { holds: [], measured };
  const movedPercent = (Math.abs(change) * 100) / previous.median;
  return {
    holds: [
      {
        listingId: set.setId,
        period: setPeriod(set.setId),
        measured: { median: latest.median, day: latest.day, currency: latest.currency },
        against: {
          previous_median: previous.median,
          previous_day: previous.day,
          percent: params.percent,
          set_id: set.setId,
        },
        why: compsMovedWhy({
          set: set.name,
          movedPercent,
          median: latest.median,
          previous: previous.median,
          currency: latest.currency,
        }),
      },
    ],
    measured,
  };
}
