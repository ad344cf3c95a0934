import type { Permission } from "@/lib/access/permission";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { TeamMember } from "@/lib/svc/schemas/team";
import { READ_ONLY_TEAM_REASON } from "@/lib/team/errors";
import { personName } from "@/lib/team/levels";

/**
 * What the caller may do on the Team page, decided before asking (the reference service's
 * rules, sandbox/domain/team): every account owns one team and manages its members itself, so
 * the only refusals that depend on the caller are the key's. A fellow member (even a manager)
 * cannot manage the owner's members, but the page never shows them those: GET /teams/members
 * answers the caller's own team. Accepting and leaving are the caller's own memberships.
 */

/** Inviting, removing, the auto-managed level, segments, accepting and leaving: any write. */
export function teamWritePermission(keyKind: ApiKeyKind | null): Permission {
  return keyKind === "read_only" ? { allowed: false, reason: READ_ONLY_TEAM_REASON } : { allowed: true };
}

/**
 * Refreshing a member's auto-managed listings gives them their auto-managed level on every
 * listing the owner has now. An invited member has no access to refresh (the service answers
 * 409), and with no auto-managed level a refresh grants nothing; both are said, not tried.
 */
export function refreshPermission(
  member: Pick<TeamMember, "status" | "auto_managed_listing_level" | "email" | "first_name" | "last_name">,
  keyKind: ApiKeyKind | null,
): Permission {
  const key = teamWritePermission(keyKind);
  if (!key.allowed) return key;
  const name = personName(member);
  if (member.status === "invited") {
    return {
      allowed: false,
      reason: `${name} has not accepted the invitation yet, so there are no listings to refresh.`,
    };
  }
  // Only an active member holds listings to refresh: a status we do not know is not offered it.
  if (member.status !== "active") {
    return {
      allowed: false,
      reason: `${name}'s membership is "${member.status}", a status this dashboard does not know, so a refresh is not offered.`,
    };
  }
  if (member.auto_managed_listing_level === null) {
    return {
      allowed: false,
      reason: `${name} gets no level on listings you add later, so a refresh would grant nothing. Choose a level first.`,
    };
  }
  return { allowed: true };
}
