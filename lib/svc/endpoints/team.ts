import { z } from "zod";
import { emptyBody } from "@/lib/svc/schemas/common";
import {
  assignedSegmentsBody,
  autoManagedListingLevelBody,
  inviteMemberBody,
  membership,
  refreshAutoManagedListingsResult,
  teamMember,
} from "@/lib/svc/schemas/team";
import { endpoint } from "@/lib/svc/endpoint";

export const teamEndpoints = {
  "team.membersList": endpoint({
    group: "team",
    method: "GET",
    path: "/teams/members",
    summary: "Sub-users of the caller's team, invited ones included",
    response: z.array(teamMember),
  }),
  "team.invite": endpoint({
    group: "team",
    method: "POST",
    path: "/teams/members/invite",
    summary: "Invites a user by email at a level; the member starts as invited",
    body: inviteMemberBody,
    response: teamMember,
    status: 201,
  }),
  "team.membersRemove": endpoint({
    group: "team",
    method: "DELETE",
    path: "/teams/members/{sub_user_id}",
    summary: "Removes a sub-user (or withdraws an invitation)",
    response: emptyBody,
    status: 204,
  }),
  "team.autoManagedListingLevel": endpoint({
    group: "team",
    method: "POST",
    path: "/teams/members/{sub_user_id}/auto_managed_listing_level",
    summary: "Sets the level the sub-user gets on listings added later (null: none)",
    body: autoManagedListingLevelBody,
    response: teamMember,
  }),
  "team.assignedSegments": endpoint({
    group: "team",
    method: "POST",
    path: "/teams/members/{sub_user_id}/assigned_segments",
    summary: "Replaces the segments assigned to the sub-user",
    body: assignedSegmentsBody,
    response: teamMember,
  }),
  "team.refreshAutoManagedListings": endpoint({
    group: "team",
    method: "POST",
    path: "/teams/members/{sub_user_id}/refresh_auto_managed_listings",
    summary: "Re-applies the auto-managed level to the owner's current listings",
    response: refreshAutoManagedListingsResult,
  }),
  "team.membershipsList": endpoint({
    group: "team",
    method: "GET",
    path: "/teams/memberships",
    summary: "Teams the caller belongs to or is invited to",
    response: z.array(membership),
  }),
  "team.membershipAccept": endpoint({
    group: "team",
    method: "POST",
    path: "/teams/memberships/{master_user_id}",
    summary: "Accepts an invitation to the master user's team",
    response: membership,
  }),
  "team.membershipLeave": endpoint({
    group: "team",
    method: "DELETE",
    path: "/teams/memberships/{master_user_id}",
    summary: "Leaves the master user's team (or declines its invitation)",
    response: emptyBody,
    status: 204,
  }),
} as const;
