"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { pagesOf, type PortfolioIndex } from "@/lib/listings/portfolio-index";
import { readWholePortfolio } from "@/lib/overview/portfolio-read";
import {
  OVERVIEW_FILTERS,
  overviewPagesQuery,
  overviewPortfolioQuery,
  PULSE_METRICS,
  PULSE_WINDOW,
  pulseQuery,
  type PulseMetric,
} from "@/lib/overview/queries";
import { runPaced } from "@/lib/queries/paced";
import { pageReadOf, type PageRead } from "@/lib/queries/pages";
import { rateLimitStore, svc } from "@/lib/queries/svc";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import type { Listing } from "@/lib/svc/schemas/listings";

export type WholeReadState = "idle" | "running" | "done" | "failed" | "cancelled";

export interface WholeRead {
  state: WholeReadState;
  /** Listings every stream covers so far. */
  covered: number;
  /** Unix ms the run waits until to keep budget for other work; null while it goes on. */
  pausedUntil: number | null;
  /** Requests the read will spend at most, from the portfolio's size (null: size unknown). */
  estimate: number | null;
  /** Why the finished read stopped before the service's end, in words; null when it did not. */
  notice: string | null;
  start: () => void;
  cancel: () => void;
}

/** Pages a stream of `size` listings takes at the service's page size (the count ends it). */
const pagesFor = (size: number, pageSize: number) => Math.max(1, Math.ceil(size / pageSize));

/**
 * Every listing and the pulse's three whole rankings of a large portfolio, on request: what
 * the pulse's totals, the attention list's lowest-booked listings and the per-listing
 * buttons' counts need. The answers go into the caches their owners read (the listing index,
 * the Listings table's portfolio, the rankings the table's KPI columns use), all at once when
 * the read completes, so that no card ever sums part of a portfolio.
 */
export function useWholeRead(
  index: PortfolioIndex | null,
  /** The index's pages as read so far, the first first. */
  pagesRead: readonly PageRead<Listing>[],
): WholeRead {
  const queryClient = useQueryClient();
  const [state, setState] = useState<WholeReadState>("idle");
  const [covered, setCovered] = useState(0);
  const [pausedUntil, setPausedUntil] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const cached = (metric: PulseMetric) => queryClient.getQueryData(pulseQuery(metric).queryKey) !== undefined;
  const size = index?.total ?? 0;
  const pages = pagesFor(size, index?.pageSize ?? PER_PAGE_MAX);
  const estimate =
    index && index.totalKnown
      ? (index.complete ? 0 : Math.max(0, pages - pagesRead.length)) +
        PULSE_METRICS.filter((m) => !cached(m)).length * pages
      : null;

  const start = useCallback(() => {
    if (!index) return;
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState("running");
    setCovered(0);
    setNotice(null);
    const metrics = PULSE_METRICS.filter(
      (m) => queryClient.getQueryData(pulseQuery(m).queryKey) === undefined,
    );
    void readWholePortfolio<PulseMetric>({
      listingPages: pagesRead,
      metrics,
      fetchListings: async (page, signal) =>
        pageReadOf(
          await svc.request("listings.list", {
            query: { ...OVERVIEW_FILTERS, page, per_page: PER_PAGE_MAX },
            signal,
          }),
        ),
      fetchRanking: async (metric, page, signal) =>
        pageReadOf(
          await svc.request("listings.kpis", {
            query: { metric, window: PULSE_WINDOW, page, per_page: PER_PAGE_MAX },
            signal,
          }),
        ),
      runRound: (work, signal) =>
        runPaced(work, (run, s) => run(s ?? signal), {
          budget: rateLimitStore.get,
          signal,
          onProgress: (p) => setPausedUntil(p.pausedUntil),
        }),
      onCovered: setCovered,
      signal: own.signal,
    }).then((result) => {
      if (controller.current !== own) return;
      setPausedUntil(null);
      if (result.kind !== "done") return setState(result.kind);
      const { listings, rankings } = result.whole;
      queryClient.setQueryData(overviewPagesQuery().queryKey, pagesOf(listings));
      queryClient.setQueryData(overviewPortfolioQuery().queryKey, {
        rows: listings,
        notice: result.whole.notice,
      });
      for (const metric of metrics) {
        queryClient.setQueryData(pulseQuery(metric).queryKey, { rows: rankings[metric], notice: null });
      }
      setNotice(result.whole.notice);
      setCovered(listings.length);
      setState("done");
    });
  }, [index, pagesRead, queryClient]);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, covered, pausedUntil, estimate, notice, start, cancel };
}
