import type { MirrorStore, TaskKind } from "@/lib/server/mirror/mirror-store";

/**
 * What a webhook event makes the mirror read again. Events name what changed and never carry
 * the new values: the receiver re-reads. Each named listing's task of the event's kind is made
 * due now, in every account whose mirror holds the listing; a market's nightly run names every
 * listing of the market, and the newest event's listings are read first (the store's order).
 * An event of a type this dashboard does not know refreshes every kind of read of its listings.
 * Nothing is read here: the sync reads, with the account's key, within its share.
 */
const KINDS_OF: Record<string, readonly TaskKind[]> = {
  "reservations.ingested": ["reservations"],
  "recommendations.updated": ["nights"],
  "flags.detected": ["flags"],
};
const ALL: readonly TaskKind[] = ["reservations", "nights", "flags"];

export const kindsOfEvent = (type: string): readonly TaskKind[] => KINDS_OF[type] ?? ALL;

/** Marks what the event asks to read again; resolves with the accounts it concerned. */
export async function refreshFromEvent(
  store: Pick<MirrorStore, "accountsHolding" | "markDue" | "noteEvent">,
  event: { type: string; listingIds: readonly string[] },
  now = new Date(),
): Promise<string[]> {
  const accounts = await store.accountsHolding(event.listingIds);
  for (const accountId of accounts) {
    for (const kind of kindsOfEvent(event.type)) await store.markDue(accountId, kind, event.listingIds, now);
    await store.noteEvent(accountId, now);
  }
  return accounts;
}

/** A write made through the dashboard changes what the service answers for the listing. */
export const KINDS_AFTER_WRITE: readonly TaskKind[] = ["nights"];
