"use client";

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  indexPageCount,
  pagesOf,
  portfolioIndexOf,
  type PortfolioIndex,
} from "@/lib/listings/portfolio-index";
import { portfolioPagesQuery, portfolioQuery, type PortfolioFilters } from "@/lib/listings/queries";
import { runPaced } from "@/lib/queries/paced";
import { rateLimitStore } from "@/lib/queries/svc";

export interface ReadAllState {
  running: boolean;
  /** Pages read of the portfolio's pages, while reading. */
  read: number;
  pageCount: number;
  /** Unix ms until which reading waits to keep budget for other work. */
  pausedUntil: number | null;
  /** The last read failed; reading stopped. */
  failed: boolean;
}

const IDLE: ReadAllState = { running: false, read: 0, pageCount: 0, pausedUntil: null, failed: false };

/**
 * The portfolio's listing index (service pages, shared with the portfolio calendar's cache):
 * the first page on mount, further pages when the reader moves on to them, and all of them
 * on request, one at a time and paused below a fifth of the minute's budget like every bulk
 * read. A whole portfolio another page already read as one list is used as it is, without a request.
 */
export function usePortfolioIndex(filters: PortfolioFilters) {
  const queryClient = useQueryClient();
  const wholeKey = portfolioQuery(filters).queryKey;
  const query = useInfiniteQuery({
    ...portfolioPagesQuery(filters),
    initialData: () => {
      const whole = queryClient.getQueryData(wholeKey);
      return whole ? pagesOf(whole.rows) : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(wholeKey)?.dataUpdatedAt,
  });
  const index: PortfolioIndex | null = portfolioIndexOf(query.data);
  const [readAll, setReadAll] = useState<ReadAllState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const { fetchNextPage } = query;
  const fetchNext = useCallback(async () => {
    // Not cancelRefetch: moving to a page while Read all runs must join its read, not restart it.
    const result = await fetchNextPage({ cancelRefetch: false });
    if (result.isFetchNextPageError) throw result.error;
    return result;
  }, [fetchNextPage]);

  /** Reads pages until `page` (1-based) is in hand; moving forward a page costs one request. */
  const ensurePage = useCallback(
    async (page: number) => {
      for (let read = query.data?.pages.length ?? 0; read < page; read += 1) {
        const next = await fetchNext().catch(() => null);
        if (!next?.hasNextPage) return;
      }
    },
    [fetchNext, query.data?.pages.length],
  );

  /** Reads every remaining page; Cancel stops after the page being read. True once all are in. */
  const startReadAll = useCallback(async (): Promise<boolean> => {
    if (!index || index.complete) return true;
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    const pageCount = indexPageCount(index);
    let read = index.pages;
    let more = true;
    setReadAll({ running: true, read, pageCount, pausedUntil: null, failed: false });
    while (more && !own.signal.aborted) {
      let failed = false;
      await runPaced(
        [read + 1],
        async () => {
          const next = await fetchNext().catch((error: unknown) => {
            failed = true;
            throw error;
          });
          more = next.hasNextPage;
          read += 1;
        },
        {
          concurrency: 1,
          budget: rateLimitStore.get,
          signal: own.signal,
          onProgress: (p) => setReadAll((s) => ({ ...s, pausedUntil: p.pausedUntil })),
        },
      );
      if (failed) {
        setReadAll((s) => ({ ...s, running: false, failed: true, pausedUntil: null }));
        return false;
      }
      setReadAll((s) => ({ ...s, read, pageCount: Math.max(pageCount, read + (more ? 1 : 0)) }));
    }
    if (controller.current === own) setReadAll(IDLE);
    return !more;
  }, [index, fetchNext]);

  const cancelReadAll = useCallback(() => {
    controller.current?.abort();
    setReadAll(IDLE);
  }, []);

  return { query, index, ensurePage, readAll, startReadAll, cancelReadAll };
}
