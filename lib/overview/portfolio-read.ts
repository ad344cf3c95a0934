import type { PacedProgress } from "@/lib/queries/paced";
import { pagingVerdict, rowsOfPages, type PageRead, type PagingRules } from "@/lib/queries/pages";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { LISTING_PAGING } from "@/lib/listings/queries";
import { RANKING_PAGING } from "@/lib/listing/kpis/queries";

/**
 * Reading every listing and the pulse's rankings of a portfolio too large for one page: the
 * listing pages the Overview does not hold yet and every page of each ranking, in rounds of
 * one page per stream, so that all streams cover the same listings as the read goes on
 * ("totals over 600 of 1,500 listings"). Each round goes through the paced runner (a few in
 * flight, a pause when the minute's budget runs low). Nothing partial is ever returned: a
 * sum over part of a portfolio is not a total. Each stream ends by the one paging rule
 * (lib/queries/pages.ts), which also bounds it; a stream cut short says so in `notice`.
 */

export interface WholePortfolio<M extends string> {
  listings: Listing[];
  rankings: Record<M, PortfolioKpiRow[]>;
  /** Why a stream ended before the service's end, in words; null when none did. */
  notice: string | null;
}

export interface WholeReadOptions<M extends string> {
  /** Listing pages already read, from the first (the Overview's index). */
  listingPages: readonly PageRead<Listing>[];
  metrics: readonly M[];
  fetchListings: (page: number, signal: AbortSignal) => Promise<PageRead<Listing>>;
  fetchRanking: (metric: M, page: number, signal: AbortSignal) => Promise<PageRead<PortfolioKpiRow>>;
  /** Runs one round's requests, paced; a failed item is counted in `failed`. */
  runRound: (
    work: ReadonlyArray<(signal: AbortSignal) => Promise<void>>,
    signal: AbortSignal,
  ) => Promise<PacedProgress>;
  /** Listings every stream covers so far, after each round. */
  onCovered?: (listings: number) => void;
  signal: AbortSignal;
}

export type WholeReadResult<M extends string> =
  | { kind: "done"; whole: WholePortfolio<M>; requests: number }
  | { kind: "failed"; requests: number }
  | { kind: "cancelled"; requests: number };

interface Stream<Row> {
  pages: PageRead<Row>[];
  rules: PagingRules<Row>;
}

const ended = <Row>(stream: Stream<Row>) => !pagingVerdict(stream.pages, stream.rules).next;
const noticeOf = <Row>(stream: Stream<Row>) => {
  const verdict = pagingVerdict(stream.pages, stream.rules);
  return verdict.next ? null : verdict.notice;
};
const rowsOf = <Row>(stream: Stream<Row>) => rowsOfPages(stream.pages, stream.rules.idOf);

export async function readWholePortfolio<M extends string>(
  options: WholeReadOptions<M>,
): Promise<WholeReadResult<M>> {
  const { signal, metrics } = options;
  const listings: Stream<Listing> = { pages: [...options.listingPages], rules: LISTING_PAGING };
  const rankings = new Map<M, Stream<PortfolioKpiRow>>(
    metrics.map((m) => [m, { pages: [], rules: RANKING_PAGING }]),
  );
  const streams = () => [listings, ...rankings.values()] as Stream<unknown>[];
  let requests = 0;

  // Every stream ends (the paging rule caps its pages), so the rounds do too.
  for (let page = 1; !streams().every(ended); page += 1) {
    const work: Array<(signal: AbortSignal) => Promise<void>> = [];
    if (listings.pages.length < page && !ended(listings)) {
      work.push(async (s) => {
        listings.pages[page - 1] = await options.fetchListings(page, s);
      });
    }
    for (const metric of metrics) {
      const stream = rankings.get(metric)!;
      if (ended(stream)) continue;
      work.push(async (s) => {
        stream.pages[page - 1] = await options.fetchRanking(metric, page, s);
      });
    }
    // Nothing to read on this page: the index was held up to here.
    if (work.length === 0) continue;
    const round = await options.runRound(work, signal);
    requests += round.done + round.failed;
    if (signal.aborted) return { kind: "cancelled", requests };
    if (round.failed > 0) return { kind: "failed", requests };
    options.onCovered?.(Math.min(...streams().map((stream) => rowsOf(stream).length)));
  }

  const whole: WholePortfolio<M> = {
    listings: rowsOf(listings),
    rankings: Object.fromEntries([...rankings].map(([metric, stream]) => [metric, rowsOf(stream)])) as Record<
      M,
      PortfolioKpiRow[]
    >,
    notice:
      streams()
        .map(noticeOf)
        .find((notice) => notice !== null) ?? null,
  };
  return { kind: "done", whole, requests };
}
