import type { PacedProgress } from "../queries/paced";
import { PER_PAGE_MAX } from "../svc/schemas/common";
import type { PortfolioKpiRow } from "../svc/schemas/kpis";
import type { Listing } from "../svc/schemas/listings";

/**
 * Reading every listing and the pulse's rankings of a portfolio too large for one page: the
 * listing pages the Overview does not hold yet and every page of each ranking, in rounds of
 * one page per stream, so that all streams cover the same listings as the read goes on
 * ("totals over 600 of 1,500 listings"). Each round goes through the paced runner (a few in
 * flight, a pause when the minute's budget runs low). Nothing partial is ever returned: a
 * sum over part of a portfolio is not a total.
 */

export const MAX_PAGES = 100;

export interface WholePortfolio<M extends string> {
  listings: Listing[];
  rankings: Record<M, PortfolioKpiRow[]>;
}

export interface WholeReadOptions<M extends string> {
  /** Listings already read, page by page from the first (the Overview's index). */
  listingPages: readonly (readonly Listing[])[];
  metrics: readonly M[];
  fetchListings: (page: number, signal: AbortSignal) => Promise<Listing[]>;
  fetchRanking: (metric: M, page: number, signal: AbortSignal) => Promise<PortfolioKpiRow[]>;
  /** Runs one round's requests, paced; a failed item is counted in `failed`. */
  runRound: (
    work: ReadonlyArray<(signal: AbortSignal) => Promise<void>>,
    signal: AbortSignal,
  ) => Promise<PacedProgress>;
  /** Listings every stream covers so far, after each round. */
  onCovered?: (listings: number) => void;
  signal: AbortSignal;
  perPage?: number;
}

export type WholeReadResult<M extends string> =
  | { kind: "done"; whole: WholePortfolio<M>; requests: number }
  | { kind: "failed"; requests: number }
  | { kind: "cancelled"; requests: number };

export async function readWholePortfolio<M extends string>(
  options: WholeReadOptions<M>,
): Promise<WholeReadResult<M>> {
  const perPage = options.perPage ?? PER_PAGE_MAX;
  const { signal, metrics } = options;
  const listingPages: Listing[][] = options.listingPages.map((p) => [...p]);
  const rankingPages = new Map<M, PortfolioKpiRow[][]>(metrics.map((m) => [m, []]));
  const ended = (pages: readonly (readonly unknown[])[]) => {
    const last = pages.at(-1);
    return last !== undefined && last.length < perPage;
  };
  let requests = 0;

  // A bound against a service that never sends a short page: 100 pages are 10,000 listings.
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const work: Array<(signal: AbortSignal) => Promise<void>> = [];
    if (listingPages.length < page && !ended(listingPages)) {
      work.push(async (s) => {
        listingPages[page - 1] = await options.fetchListings(page, s);
      });
    }
    for (const metric of metrics) {
      const pages = rankingPages.get(metric)!;
      if (ended(pages)) continue;
      work.push(async (s) => {
        pages[page - 1] = await options.fetchRanking(metric, page, s);
      });
    }
    if (work.length === 0) {
      // Nothing to read on this page: the index was held up to here; go on unless all ended.
      if ([listingPages, ...rankingPages.values()].every(ended)) break;
      continue;
    }
    const round = await options.runRound(work, signal);
    requests += round.done + round.failed;
    if (signal.aborted) return { kind: "cancelled", requests };
    if (round.failed > 0) return { kind: "failed", requests };
    const covered = Math.min(
      ...[listingPages, ...rankingPages.values()].map((pages) => pages.reduce((n, p) => n + p.length, 0)),
    );
    options.onCovered?.(covered);
  }

  const rankings = Object.fromEntries(
    [...rankingPages].map(([metric, pages]) => [metric, pages.flat()]),
  ) as Record<M, PortfolioKpiRow[]>;
  return { kind: "done", whole: { listings: listingPages.flat(), rankings }, requests };
}
