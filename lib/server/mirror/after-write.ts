import "server-only";
import { knownAccountOf } from "@/lib/server/mirror/account";
import { mirrorRuntime } from "@/lib/server/mirror/runtime";
import type { Session } from "@/lib/server/session";

/**
 * A write made through the dashboard changes what the service answers for its listings: their
 * price calendars (custom rates, preferences, a sync) are read again by the mirror at once,
 * rather than at the next event or the nightly reconcile. The listings are those the write
 * named: the path's listing, a bulk body's `listing_ids`, a batch's `preferences[].listing_id`;
 * named by the channel's ids, they are found through the mirror's listings. Nothing is asked
 * of the service here, and an account without a mirror (or not known to this process yet) is
 * left alone. A write to listing records (tags) makes the account's listing list due as well;
 * a write to a segment, or to the listings associated with a set, the account's read of its
 * segments and comp sets (what Pace's scope counts by).
 */
export function listingsNamed(params: Record<string, string>, body: unknown): string[] {
  const ids = new Set<string>();
  if (params.listing_id) ids.add(params.listing_id);
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (Array.isArray(record.listing_ids))
    for (const id of record.listing_ids) if (typeof id === "string") ids.add(id);
  if (Array.isArray(record.preferences))
    for (const entry of record.preferences)
      if (
        entry &&
        typeof entry === "object" &&
        typeof (entry as { listing_id?: unknown }).listing_id === "string"
      )
        ids.add((entry as { listing_id: string }).listing_id);
  return [...ids];
}

/** Endpoint groups whose writes change the listing records GET /listings answers. */
const RECORD_GROUPS = new Set(["tags"]);
/**
 * Writes that change which of the account's listings a segment or comp set holds, or its name:
 * every segment write, and the set writes of associated listings (not of member listings, the
 * set's comparison, which Pace does not count).
 */
const regroups = (write: { group: string; endpoint?: string }) =>
  write.group === "segments" ||
  write.endpoint === "sets.associatedPut" ||
  write.endpoint === "sets.associatedDelete";

/** Resolves with the number of price calendars made due. */
export async function refreshAfterWrite(
  session: Pick<Session, "apiKey">,
  write: {
    group: string;
    /** The endpoint's id in the contract table (lib/svc/endpoints). */
    endpoint?: string;
    params: Record<string, string>;
    channel: string | null;
    body: unknown;
  },
): Promise<number> {
  const { params, channel, body } = write;
  const named = listingsNamed(params, body);
  const account = knownAccountOf(session);
  if ((named.length === 0 && !regroups(write)) || !account) return 0;
  try {
    const { store } = await mirrorRuntime();
    if (!(await store.syncRecord(account.accountId))) return 0;
    // One read for the whole account, like the listing list (its subject is "").
    if (regroups(write)) await store.markDue(account.accountId, "groups", [""]);
    if (named.length === 0) return 0;
    const listings = await store.listings(account.accountId);
    const svcIds =
      channel === "svc"
        ? named
        : listings
            .filter((l) => named.includes(l.channelListingId) || named.includes(l.listingId))
            .map((l) => l.listingId);
    // The list is one read for the whole account (its subject is ""): the written records'
    // new state comes with it.
    if (RECORD_GROUPS.has(write.group)) await store.markDue(account.accountId, "listings", [""]);
    return await store.markDue(account.accountId, "nights", svcIds);
  } catch (error) {
    console.error("The mirror could not note a write:", error instanceof Error ? error.message : error);
    return 0;
  }
}
