import type { CalendarYear } from "@/lib/listing/calendar/model";

/**
 * What was last posted to the channel for the year's nights, and when: the channel sells at
 * the posted price, so an open night whose price moved since is one the guest does not see yet.
 */

export interface LastPostedSummary {
  /** The most recent posting among the year's dates; null when none was ever posted. */
  latestPostedAt: string | null;
  /** Dates of the year that have been posted at least once. */
  postedNights: number;
  nightsInYear: number;
  /** Open nights whose price in force differs from what was last posted to the channel. */
  differing: Array<{ date: string; posted: number; current: number }>;
  /** The most recently posted dates, newest posting first (ties by date). */
  recent: Array<{ date: string; price: number; minStay: number | null; postedAt: string }>;
}

/** What was posted to the channel for the year's nights, and when; `recentCount` rows of the newest. */
export function lastPostedSummary(year: Pick<CalendarYear, "nights">, recentCount = 5): LastPostedSummary {
  const posted: LastPostedSummary["recent"] = [];
  const differing: LastPostedSummary["differing"] = [];
  for (const night of year.nights) {
    const last = night.lastPosted;
    if (!last) continue;
    posted.push({ date: night.date, price: last.price, minStay: last.minStay, postedAt: last.postedAt });
    if (night.status === "open" && last.price !== night.price) {
      differing.push({ date: night.date, posted: last.price, current: night.price });
    }
  }
  const newestFirst = posted
    .map((row) => ({ row, at: Date.parse(row.postedAt) }))
    .sort((a, b) => b.at - a.at || a.row.date.localeCompare(b.row.date))
    .map(({ row }) => row);
  return {
    latestPostedAt: newestFirst[0]?.postedAt ?? null,
    postedNights: posted.length,
    nightsInYear: year.nights.length,
    differing,
    recent: newestFirst.slice(0, recentCount),
  };
}
