import { infiniteQueryOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { CandidateSearch } from "@/lib/sets/candidates";
import { PER_PAGE_MAX } from "@/lib/svc/schemas/common";
import type { CandidateListing, CreateSetBody, ListSetsQuery, SetRecord } from "@/lib/svc/schemas/sets";
import { queryKeys } from "@/lib/queries/keys";
import {
  pageReadOf,
  pagingVerdict,
  readAllPages,
  rowsOfPages,
  type AllPages,
  type PagingRules,
} from "@/lib/queries/pages";
import { svc } from "@/lib/queries/svc";

export type SetsFilters = Omit<ListSetsQuery, "page" | "offset" | "per_page">;
export const SETS_PER_PAGE = 20;

/** One page of the sets the caller owns or was shared, with the total when the service sends it. */
export function setsPageQuery(filters: SetsFilters, page: number) {
  return queryOptions({
    queryKey: [...queryKeys.sets.list(filters), page] as const,
    queryFn: async ({ signal }) => {
      const response = await svc.request("sets.list", {
        query: { ...filters, page, per_page: SETS_PER_PAGE },
        signal,
      });
      return { sets: response.data, totalCount: response.totalCount, skipped: response.skipped.length };
    },
    staleTime: 60_000,
  });
}

const SET_PAGING: PagingRules<SetRecord> = { idOf: (s) => s.id, noun: "sets" };

/**
 * Every set the caller owns or was shared, read to the end in pages of the most the service
 * gives (the one paging rule, lib/queries/pages.ts): for a picker that must offer them all.
 */
export function everySetQuery() {
  return queryOptions({
    queryKey: [...queryKeys.sets.list({}), "every"] as const,
    queryFn: ({ signal }) =>
      readAllPages(async (page) => {
        const answer = await svc.request("sets.list", { query: { page, per_page: PER_PAGE_MAX }, signal });
        return pageReadOf(answer);
      }, SET_PAGING),
    staleTime: 60_000,
  });
}

/** One set: its header and the access that decides what the page offers. */
export function setQuery(setId: string) {
  return queryOptions({
    queryKey: queryKeys.sets.detail(setId),
    queryFn: ({ signal }) => svc.call("sets.get", { params: { set_id: setId }, signal }),
    staleTime: 60_000,
  });
}

/** Candidates are read 100 at a time (the most a page holds), nearest first. */
export const CANDIDATES_PER_PAGE = PER_PAGE_MAX;

/**
 * Candidates near a place, page after page on demand ("Show more"): a dense market can hold
 * hundreds within a few km, and the nearest hundred usually suffice.
 */
export function candidatesQuery(search: CandidateSearch) {
  return infiniteQueryOptions({
    queryKey: queryKeys.sets.candidates(search),
    queryFn: async ({ pageParam, signal }) => {
      const response = await svc.request("sets.candidates", {
        query: { ...search, page: pageParam, per_page: CANDIDATES_PER_PAGE },
        signal,
      });
      const { skipped } = pageReadOf(response);
      return { rows: response.data, totalCount: response.totalCount, skipped, page: pageParam };
    },
    initialPageParam: 1,
    // The one paging rule: the service may answer fewer than asked without being at the end.
    getNextPageParam: (last, pages) =>
      pagingVerdict(candidatePageReads(pages), CANDIDATE_PAGING).next ? last.page + 1 : undefined,
    // Candidates' metrics move with the nightly stats, not minute to minute.
    staleTime: 5 * 60_000,
  });
}

const CANDIDATE_PAGING: PagingRules<CandidateListing> = { idOf: (c) => c.listing_id, noun: "candidates" };

interface CandidatesPage {
  rows: CandidateListing[];
  totalCount: number | null;
  skipped?: number;
}

const candidatePageReads = (pages: readonly CandidatesPage[]) =>
  pages.map((p) => ({ rows: p.rows, total: p.totalCount, skipped: p.skipped }));

/** The candidates read so far, each once, and why reading ended early when it did. */
export function candidatesRead(pages: readonly CandidatesPage[]): AllPages<CandidateListing> {
  const reads = candidatePageReads(pages);
  const verdict = pagingVerdict(reads, CANDIDATE_PAGING);
  return { rows: rowsOfPages(reads, CANDIDATE_PAGING.idOf), notice: verdict.next ? null : verdict.notice };
}

/**
 * Creates a free set. The answer is the set record, so the set page opens from the cache;
 * the lists are re-read, since where the set lands in them is the service's to say.
 */
export async function createSet(queryClient: QueryClient, body: CreateSetBody): Promise<SetRecord> {
  const created = await svc.call("sets.create", { body });
  queryClient.setQueryData(queryKeys.sets.detail(created.id), created);
  await queryClient.invalidateQueries({ queryKey: queryKeys.sets.lists() });
  return created;
}
