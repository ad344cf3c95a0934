import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";
import { listingQuery } from "@/lib/listing/queries";

/**
 * Replaces a listing's tags (by svc id) and refreshes what shows them: the portfolio lists,
 * that listing's own workspace (not every other listing's) and the segments, whose filters
 * may match on tags. Where the page shows the mirror's copy of the records, the listing is
 * read again live first, so the table shows the written tags before the mirror catches up.
 */
export function saveTags(queryClient: QueryClient, svcId: string, tags: string[]) {
  return svc
    .call("tags.put", { params: { listing_id: svcId }, query: { channel: "svc" }, body: { tags } })
    .then(async (result) => {
      const mirrored = queryClient
        .getQueriesData({ queryKey: [...queryKeys.sync.all, "listings"] })
        .some(([, data]) => data);
      if (mirrored) await queryClient.fetchQuery({ ...listingQuery(svcId), staleTime: 0 }).catch(() => null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.detail(svcId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.segments.list() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.segments.details() }),
      ]);
      return result;
    });
}

/** "a, b ,c" → ["a", "b", "c"], each once. */
export function parseTagInput(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(",")) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}
