import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";

/**
 * Replaces a listing's tags (by svc id) and refreshes what shows them: the portfolio lists,
 * that listing's own workspace (not every other listing's) and the segments, whose filters
 * may match on tags.
 */
export function saveTags(queryClient: QueryClient, svcId: string, tags: string[]) {
  return svc
    .call("tags.put", { params: { listing_id: svcId }, query: { channel: "svc" }, body: { tags } })
    .then(async (result) => {
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
