import type { QueryKey } from "@tanstack/react-query";
import { z } from "zod";
import { knownOr } from "@/lib/display/open-values";
import { queryKeys } from "@/lib/queries/keys";
import type { WebhookEventType } from "@/lib/svc/schemas/vocabulary";

/**
 * What one live change means for an open dashboard: the query keys to invalidate and the
 * quiet sentence to show. Pure, so the rule "exactly the affected queries" is tested without
 * a browser. The server sends the payload below as the data of each `event: change`.
 */
export const liveChange = z.object({
  /** Open: an event of a type the dashboard does not know still refreshes the listings it names. */
  type: z.string().min(1),
  listing_ids: z.array(z.string().min(1)),
  market_id: z.string().min(1).nullable(),
});
export type LiveChange = z.infer<typeof liveChange>;

export interface LiveUpdate {
  /** Prefixes: each invalidates the key and every key below it. */
  keys: QueryKey[];
  message: string;
}

const count = (n: number) => `${n} ${n === 1 ? "listing" : "listings"}`;

const sentences: Record<WebhookEventType, (n: number) => string> = {
  "recommendations.updated": (n) => `New price recommendations for ${count(n)}`,
  "reservations.ingested": (n) =>
    n === 1 ? `A reservation changed on ${count(n)}` : `Reservations changed on ${count(n)}`,
  "flags.detected": (n) => (n === 1 ? `A new flag on ${count(n)}` : `New flags on ${count(n)}`),
};
const sentenceFor = (type: string, n: number) =>
  knownOr(sentences, type, (raw) => (k: number) => `Refreshed ${count(k)} after a ${raw} event`)(n);

export function liveUpdateFor(change: LiveChange): LiveUpdate {
  const listingIds = [...new Set(change.listing_ids)];
  const keys: QueryKey[] = listingIds.map((id) => queryKeys.listings.detail(id));
  // The portfolio lists show these listings' prices, reservations and flags too.
  if (listingIds.length > 0) keys.push(queryKeys.listings.lists());
  if (change.type === "recommendations.updated" && change.market_id !== null) {
    keys.push(queryKeys.markets.detail(change.market_id));
  }
  // The event itself is now in the dashboard's Inbox (its own store: no service request).
  keys.push(queryKeys.dashboardWebhook.inbox());
  // Whatever changed may have brought notifications with it: the bell re-reads instead of polling.
  keys.push(queryKeys.notifications.lists());
  return { keys, message: sentenceFor(change.type, listingIds.length) };
}

/** The data of one `change` event as received; null when it is not a change we understand. */
export function parseLiveChange(data: string): LiveChange | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveChange.safeParse(json);
  return parsed.success ? parsed.data : null;
}
