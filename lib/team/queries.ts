import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { shouldRetry } from "@/lib/queries/retry";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";
import { isSvcError } from "@/lib/svc/errors";
import type { InviteMemberBody, Membership, TeamLevel, TeamMember } from "@/lib/svc/schemas/team";
import type { TeamProblem } from "@/lib/team/errors";
import { ownerNameFrom } from "@/lib/team/portfolio";

/** The caller's own team, invited members included (one unpaginated read). */
export function teamMembersQuery() {
  return queryOptions({
    queryKey: queryKeys.team.members(),
    queryFn: ({ signal }) => svc.call("team.membersList", { signal }),
    staleTime: 30_000,
  });
}

/**
 * The teams the caller belongs to or is invited to. The portfolio switcher reads it on
 * Listings pages, so it is kept five minutes; accepting or leaving updates it in place.
 */
export function membershipsQuery() {
  return queryOptions({
    queryKey: queryKeys.team.memberships(),
    queryFn: ({ signal }) => svc.call("team.membershipsList", { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * A team owner's name, for a team the caller is an active member of: one listing of theirs
 * (GET /listings?owner_user_id=…&per_page=1) carries it. Names hardly change: kept half an
 * hour, and a failure only means the email is shown, so it is not retried.
 */
export function ownerNameQuery(ownerId: string) {
  return queryOptions({
    queryKey: queryKeys.team.ownerName(ownerId),
    queryFn: async ({ signal }) => {
      const listings = await svc.call("listings.list", {
        query: { owner_user_id: ownerId, per_page: 1 },
        signal,
      });
      return ownerNameFrom(listings, ownerId);
    },
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/**
 * Team writes are not retried on 409: here it is an answer (already a member, not accepted
 * yet), never "retry after it completes". A 429 still waits its Retry-After once.
 */
export function teamWriteRetry(failureCount: number, error: unknown): boolean {
  if (isSvcError(error) && error.status === 409) return false;
  return shouldRetry(failureCount, error);
}

const replaceMember = (queryClient: QueryClient, member: TeamMember) =>
  queryClient.setQueryData<TeamMember[]>(queryKeys.team.members(), (list) =>
    list?.map((m) => (m.user_id === member.user_id ? member : m)),
  );

/** Invites; the answer (the new, invited member) joins the list without reading it again. */
export async function inviteMember(queryClient: QueryClient, body: InviteMemberBody): Promise<TeamMember> {
  const member = await svc.call("team.invite", { body });
  queryClient.setQueryData<TeamMember[]>(queryKeys.team.members(), (list) =>
    list ? [...list.filter((m) => m.user_id !== member.user_id), member] : list,
  );
  return member;
}

export async function removeMember(queryClient: QueryClient, userId: string): Promise<void> {
  await svc.call("team.membersRemove", { params: { sub_user_id: userId } });
  queryClient.setQueryData<TeamMember[]>(queryKeys.team.members(), (list) =>
    list?.filter((m) => m.user_id !== userId),
  );
}

export async function setAutoManagedLevel(
  queryClient: QueryClient,
  userId: string,
  level: TeamLevel | null,
): Promise<TeamMember> {
  const member = await svc.call("team.autoManagedListingLevel", {
    params: { sub_user_id: userId },
    body: { level },
  });
  replaceMember(queryClient, member);
  return member;
}

export async function assignSegments(
  queryClient: QueryClient,
  userId: string,
  segmentIds: string[],
): Promise<TeamMember> {
  const member = await svc.call("team.assignedSegments", {
    params: { sub_user_id: userId },
    body: { segment_ids: segmentIds },
  });
  replaceMember(queryClient, member);
  return member;
}

export function refreshAutoManagedListings(userId: string) {
  return svc.call("team.refreshAutoManagedListings", { params: { sub_user_id: userId } });
}

/**
 * Accepting gives the caller access to the owner's listings, and leaving takes it away: the
 * membership list changes in place and the caller's listings are read again.
 */
export async function acceptMembership(queryClient: QueryClient, ownerId: string): Promise<Membership> {
  const membership = await svc.call("team.membershipAccept", { params: { master_user_id: ownerId } });
  queryClient.setQueryData<Membership[]>(queryKeys.team.memberships(), (list) =>
    list?.map((m) => (m.master_user_id === ownerId ? membership : m)),
  );
  await queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
  return membership;
}

export async function leaveMembership(queryClient: QueryClient, ownerId: string): Promise<void> {
  await svc.call("team.membershipLeave", { params: { master_user_id: ownerId } });
  queryClient.setQueryData<Membership[]>(queryKeys.team.memberships(), (list) =>
    list?.filter((m) => m.master_user_id !== ownerId),
  );
  await queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
}

/** After a refusal that shows the page is out of date, read the list it names again. */
export function refreshStale(queryClient: QueryClient, problem: TeamProblem | null) {
  if (!problem?.stale) return;
  const key = {
    members: queryKeys.team.members(),
    memberships: queryKeys.team.memberships(),
    segments: queryKeys.segments.all,
  }[problem.stale];
  void queryClient.invalidateQueries({ queryKey: key });
}
