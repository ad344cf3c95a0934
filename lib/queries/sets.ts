import { queryOptions } from "@tanstack/react-query";
import type { ListSetsQuery } from "../svc/schemas/sets";
import { queryKeys } from "./keys";
import { svc } from "./svc";

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
      return { sets: response.data, totalCount: response.totalCount };
    },
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
