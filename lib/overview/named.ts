import { RECENT_EVENT_DAYS } from "@/lib/overview/attention";

/**
 * Listings the Overview names by notification or by a recent flags event. When the listing
 * index is not read whole (a large portfolio), a listing it does not hold is read on its own
 * (GET /listings/{id}, cached under the listing's own key so opening it costs nothing), at
 * most LOOKUP_LIMIT of them: the attention list shows at most 8 rows, and first load must
 * stay a handful of requests however many events arrived.
 */
export const LOOKUP_LIMIT = 8;

export function namedListingIds(
  notifications: ReadonlyArray<{ listing_id: string | null; dismissed_at: string | null }>,
  inboxEvents: ReadonlyArray<{ type: string; listing_ids: string[]; received_at: string }>,
  now: number,
): string[] {
  const since = now - RECENT_EVENT_DAYS * 86_400_000;
  const ids = new Set<string>();
  for (const n of notifications) if (n.listing_id && n.dismissed_at === null) ids.add(n.listing_id);
  // Newest events first, so that the bound keeps the freshest names.
  const recent = inboxEvents
    .filter((e) => e.type === "flags.detected" && Date.parse(e.received_at) >= since)
    .sort((a, b) => b.received_at.localeCompare(a.received_at));
  for (const event of recent) for (const id of event.listing_ids) ids.add(id);
  return [...ids];
}

/** The named listings to read one by one: those not known yet, at most `limit`. */
export function lookupsNeeded(
  ids: readonly string[],
  known: (svcId: string) => boolean,
  limit = LOOKUP_LIMIT,
): string[] {
  return ids.filter((id) => !known(id)).slice(0, limit);
}
