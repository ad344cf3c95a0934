import { queryOptions, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { KnownMemberStatus, MembersByStatus, SetRecord, ShareEntry } from "@/lib/svc/schemas/sets";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";

/**
 * Reads and writes of one set's members, associated listings and sharing. Every write
 * answers the new state, which goes straight into the cache (no re-read); then the queries
 * whose figures it changes are invalidated: the set record (counts, collaborators) exactly,
 * the sets lists (which show the same record), and the set's analytics (a paid set's
 * figures and changelog move with its members; inactive queries are only marked stale).
 * 409 and 429 are retried by the query client's `shouldRetry`.
 */

export function setMembersQuery(setId: string) {
  return queryOptions({
    queryKey: queryKeys.sets.members(setId),
    queryFn: ({ signal }): Promise<MembersByStatus> =>
      svc.call("sets.membersGet", { params: { set_id: setId }, signal }),
    staleTime: 60_000,
  });
}

export function setAssociatedQuery(setId: string) {
  return queryOptions({
    queryKey: queryKeys.sets.associated(setId),
    queryFn: ({ signal }): Promise<Listing[]> =>
      svc.call("sets.associatedGet", { params: { set_id: setId }, signal }),
    staleTime: 60_000,
  });
}

async function afterSetChange(queryClient: QueryClient, setId: string) {
  await Promise.all([
    // `exact`: the record's key is the prefix of members and associated, whose new state is already in place.
    queryClient.invalidateQueries({ queryKey: queryKeys.sets.detail(setId), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sets.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sets.analytics(setId) }),
  ]);
}

/**
 * A write on the set whose answer is the new state (members, or associated listings): the
 * answer goes into the cache under `key(setId)`, then the queries it changes are invalidated.
 */
function setWrite<A extends unknown[], T>(
  key: (setId: string) => QueryKey,
  send: (setId: string, ...args: A) => Promise<T>,
) {
  return async (queryClient: QueryClient, setId: string, ...args: A): Promise<T> => {
    const answer = await send(setId, ...args);
    queryClient.setQueryData(key(setId), answer);
    await afterSetChange(queryClient, setId);
    return answer;
  };
}

/**
 * Adds members, or moves existing ones to `status` (an upsert: one membership per listing).
 * Only a status we know is asked for: we cannot say what another would do.
 */
export const putSetMembers = setWrite(
  queryKeys.sets.members,
  (setId, listingIds: string[], status: KnownMemberStatus) =>
    svc.call("sets.membersPut", { params: { set_id: setId }, body: { listing_ids: listingIds, status } }),
);

export const removeSetMembers = setWrite(queryKeys.sets.members, (setId, listingIds: string[]) =>
  svc.call("sets.membersDelete", { params: { set_id: setId }, body: { listing_ids: listingIds } }),
);

/** Associated listings are named by svc id (the channel the dashboard links by). */
function associatedBody(setId: string, svcIds: string[]) {
  return { params: { set_id: setId }, query: { channel: "svc" as const }, body: { listing_ids: svcIds } };
}

/** Associates my listings, named by their svc ids. */
export const associateListings = setWrite(queryKeys.sets.associated, (setId, svcIds: string[]) =>
  svc.call("sets.associatedPut", associatedBody(setId, svcIds)),
);

export const dissociateListings = setWrite(queryKeys.sets.associated, (setId, svcIds: string[]) =>
  svc.call("sets.associatedDelete", associatedBody(setId, svcIds)),
);

/** Gives users a level on the set (N revokes). The answer is the updated record. */
export async function shareSet(
  queryClient: QueryClient,
  setId: string,
  shares: ShareEntry[],
): Promise<SetRecord> {
  const set = await svc.call("sets.share", { params: { set_id: setId }, body: { shares } });
  queryClient.setQueryData(queryKeys.sets.detail(setId), set);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sets.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.sets.analytics(setId) }),
  ]);
  return set;
}
