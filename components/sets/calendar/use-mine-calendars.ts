"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { priceCalendarQuery, priceRecommendationsQuery } from "@/lib/listing/calendar/queries";
import { hasCustomRate, mineCalendars, type MineCalendar } from "@/lib/sets/calendar/mine";
import { rangeEnd, type CalendarRange } from "@/lib/sets/calendar/queries";
import { setAssociatedQuery } from "@/lib/sets/members-queries";

/**
 * My associated listings' own price calendars for the set calendar's range: the set page's
 * associated-listings read (same key, so usually from the cache) and ONE listing calendar
 * read per associated listing (the listing workspace's query, same key), never per member.
 * Asked in parallel with the set's calendar once the gate is open. A listing whose calendar
 * holds a custom rate in the range also has its recommendations read, once (the listing
 * workspace's query again): they carry the price waiting to be posted, which the channel's
 * price does not show yet. A listing without one costs nothing more.
 */
export function useMineCalendars(setId: string, range: CalendarRange, enabled: boolean) {
  const associated = useQuery({ ...setAssociatedQuery(setId), enabled });
  const dates = { start_date: range.start, end_date: rangeEnd(range) };
  const listings = associated.data ?? [];
  const results = useQueries({
    queries: listings.map((listing) => ({ ...priceCalendarQuery(listing.svc_id, dates), enabled })),
  });
  const wanted = results.map((r) => enabled && hasCustomRate(r.data));
  const posts = useQueries({
    queries: listings.map((listing, i) => ({
      ...priceRecommendationsQuery(listing.svc_id, dates),
      enabled: wanted[i],
    })),
  });
  // Rebuild only when an answer changes, so the memoised grid is not rebuilt on every render.
  const signature = [...results, ...posts].map((r) => `${r.status}:${r.dataUpdatedAt}`).join("|");
  const mine: MineCalendar[] = useMemo(
    () => mineCalendars(listings, results, posts),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `signature` stands for `results` and `posts`.
    [associated.data, signature],
  );
  const failed = results.filter((r) => r.isError);
  return {
    mine,
    /**
     * Every read of mine has answered (or failed), the recommendations asked included: the
     * panel is ready only then.
     */
    settled:
      !associated.isPending &&
      results.every((r) => !r.isPending) &&
      posts.every((p, i) => !wanted[i] || !p.isPending),
    /** The associated read failed: the comps still show, with a sentence saying mine are missing. */
    associatedError: associated.isError ? associated.error : null,
    retryAssociated: () => void associated.refetch(),
    failedCount: failed.length,
    retryFailed: () => failed.forEach((r) => void r.refetch()),
  };
}
