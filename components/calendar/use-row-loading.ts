"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { createRowLoader, type RowLoader, type RowLoaderState } from "@/lib/calendar/row-loader";
import { rowNights, type RowNights } from "@/lib/calendar/rows";
import type { NightColumns } from "@/lib/format/night-columns";
import { calendarResources, priceCalendarQuery } from "@/lib/listing/calendar/queries";
import { rateLimitStore } from "@/lib/queries/svc";
import { isSvcError } from "@/lib/svc/errors";
import type { PriceCalendar } from "@/lib/svc/schemas/calendar";
import { createMirrorCalendars } from "@/lib/sync/mirror-calendars";
import { syncStatusQuery } from "@/lib/sync/queries";

/** The listing index's next page, loaded through the same loader as the rows. */
export const INDEX_KEY = "index:next";

/**
 * A loaded row stays fresh for five minutes: scrolling back to it costs nothing. Live updates
 * and our own writes invalidate it sooner (the listing's keys are under its detail prefix).
 */
export const ROW_FRESH_MS = 5 * 60_000;

export interface DateRange {
  start_date: string;
  end_date: string;
}

const EMPTY_STATE: RowLoaderState = {
  inFlight: 0,
  pausedUntil: null,
  keptForOtherWork: null,
  failed: new Set(),
};

export const rowCalendarQuery = (svcId: string, range: DateRange) => ({
  ...priceCalendarQuery(svcId, range),
  staleTime: ROW_FRESH_MS,
});

function isFresh(queryClient: QueryClient, svcId: string, range: DateRange, now: number): boolean {
  const state = queryClient.getQueryState(rowCalendarQuery(svcId, range).queryKey);
  return (
    !!state && state.status === "success" && !state.isInvalidated && now - state.dataUpdatedAt < ROW_FRESH_MS
  );
}

/** Compact rows, built once per answer (an answer is one range's: its columns never change). */
const built = new WeakMap<PriceCalendar, RowNights>();

const isPriceCalendarKey = (key: readonly unknown[]) =>
  key[0] === "listings" && key[1] === "detail" && key[3] === calendarResources.priceCalendar;

/**
 * Wires the row loader to the query cache: rows are read through `fetchQuery` (so the listing
 * workspace's calendar tab shares them), a row's answer re-renders the grid (batched to a
 * frame), an invalidated row is read again when it is in view, and a budget reading that
 * changes wakes the loader.
 */
export function useRowLoading(
  range: DateRange,
  nights: NightColumns,
  index: { hasMore: boolean; fetchMore: () => Promise<unknown> },
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RowLoaderState>(EMPTY_STATE);
  const [version, setVersion] = useState(0);
  const loaderRef = useRef<RowLoader | null>(null);
  /** Rows shown from the mirror, with when it read them. */
  const fromMirror = useRef(new Map<string, string>());
  const indexRef = useRef(index);
  useEffect(() => {
    indexRef.current = index;
  });

  useEffect(() => {
    fromMirror.current.clear();
    const mirror = createMirrorCalendars(range);
    const mirrorOn = () =>
      queryClient.ensureQueryData(syncStatusQuery()).then(
        (status) => status.enabled,
        () => false,
      );
    /**
     * A row's first read comes from the portfolio mirror when it holds the row (no request);
     * every later read (a row gone stale, or invalidated by a write or an event) is live, so
     * the live answer wins after a change.
     */
    const loadRow = async (key: string) => {
      const query = rowCalendarQuery(key, range);
      if (!queryClient.getQueryState(query.queryKey)?.data && (await mirrorOn())) {
        const row = await mirror.get(key);
        if (row) {
          fromMirror.current.set(key, row.readAt);
          queryClient.setQueryData(query.queryKey, row.calendar);
          return;
        }
      }
      fromMirror.current.delete(key);
      return queryClient.fetchQuery(query);
    };
    const loader = createRowLoader({
      load: (key) =>
        key === INDEX_KEY
          ? indexRef.current.fetchMore().then((result) => {
              // Whether a page remains, from the answer itself: the loader asks again as soon
              // as this settles, before React renders the last page, and a stale "more" then
              // asked for the next page in a loop that never yielded (the page froze).
              const more = (result as { hasNextPage?: unknown } | undefined)?.hasNextPage;
              if (typeof more === "boolean") indexRef.current = { ...indexRef.current, hasMore: more };
            })
          : loadRow(key),
      isFresh: (key) =>
        key === INDEX_KEY ? !indexRef.current.hasMore : isFresh(queryClient, key, range, Date.now()),
      budget: rateLimitStore.get,
      // A 429 is waited out (the budget's Retry-After pauses the loader), not shown as a failure.
      isTransient: (error) => isSvcError(error) && error.status === 429,
      onChange: setState,
    });
    loaderRef.current = loader;

    let frame = 0;
    let answered = false;
    let invalidated = false;
    const flush = () => {
      frame = 0;
      if (answered) setVersion((v) => v + 1);
      if (invalidated) loader.poke();
      answered = invalidated = false;
    };
    const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || !isPriceCalendarKey(event.query.queryKey)) return;
      if (event.action.type === "success") answered = true;
      else if (event.action.type === "invalidate") invalidated = true;
      else return;
      frame ||= requestAnimationFrame(flush);
    });
    const unsubscribeBudget = rateLimitStore.subscribe(() => loader.poke());
    return () => {
      cancelAnimationFrame(frame);
      unsubscribeCache();
      unsubscribeBudget();
      loader.dispose();
      loaderRef.current = null;
    };
  }, [queryClient, range]);

  const want = useCallback((keys: readonly string[]) => loaderRef.current?.want(keys), []);
  const retry = useCallback((key: string) => loaderRef.current?.retry(key), []);

  const rowOf = useCallback(
    (svcId: string, basePrice: number | null): RowNights | null => {
      const data = queryClient.getQueryData<PriceCalendar>(rowCalendarQuery(svcId, range).queryKey);
      if (!data) return null;
      let row = built.get(data);
      if (!row) {
        row = rowNights(data, nights.colOf, nights.columns.length, basePrice);
        built.set(data, row);
      }
      return row;
    },
    // `version` changes when an answer lands: callers re-read their rows then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, range, nights, version],
  );

  /** How many rows came from the mirror, and the oldest read among them. */
  const mirrored = useCallback(() => {
    const reads = [...fromMirror.current.values()].sort();
    return { rows: reads.length, asOf: reads[0] ?? null };
    // `version` changes when an answer lands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  return { state, want, retry, rowOf, mirrored };
}
