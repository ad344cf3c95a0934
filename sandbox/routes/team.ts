import type { RouteTable } from "../context";
import {
  assignSegments,
  inviteMember,
  listTeam,
  refreshAutoManaged,
  resolveSubUser,
  setAutoManagedLevel,
} from "../domain/team/members";
import { acceptMembership, leaveMembership, listMemberships } from "../domain/team/memberships";
import { dropMembership } from "../domain/team/store";

/** /teams/members (the caller's own team) and /teams/memberships (teams the caller is in). */
export const teamRoutes: RouteTable = {
  "team.membersList": ({ ctx, caller }) => ({ body: listTeam(ctx, caller.user.id) }),
  "team.invite": ({ ctx, caller, body }) => ({ body: inviteMember(ctx, caller.user.id, body), status: 201 }),
  "team.membersRemove": ({ ctx, caller, params }) => {
    const row = resolveSubUser(ctx, caller.user.id, params.sub_user_id!);
    dropMembership(ctx, row.owner_user_id, row.member_user_id);
    return { body: undefined, status: 204 };
  },
  "team.autoManagedListingLevel": ({ ctx, caller, params, body }) => ({
    body: setAutoManagedLevel(ctx, resolveSubUser(ctx, caller.user.id, params.sub_user_id!), body.level),
  }),
  "team.assignedSegments": ({ ctx, caller, params, body }) => ({
    body: assignSegments(ctx, resolveSubUser(ctx, caller.user.id, params.sub_user_id!), body.segment_ids),
  }),
  "team.refreshAutoManagedListings": ({ ctx, caller, params }) => ({
    body: refreshAutoManaged(ctx, resolveSubUser(ctx, caller.user.id, params.sub_user_id!)),
  }),
  "team.membershipsList": ({ ctx, caller }) => ({ body: listMemberships(ctx, caller.user.id) }),
  "team.membershipAccept": ({ ctx, caller, params }) => ({
    body: acceptMembership(ctx, caller.user.id, params.master_user_id!),
  }),
  "team.membershipLeave": ({ ctx, caller, params }) => {
    leaveMembership(ctx, caller.user.id, params.master_user_id!);
    return { body: undefined, status: 204 };
  },
};
