import type { Permission } from "@/lib/access/permission";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { SegmentDefaultStatus } from "@/lib/svc/schemas/segments";
import type { TeamMember } from "@/lib/svc/schemas/team";

/** The segments' rules in words: who may write, the managed-listings default, assignments. */

export const READ_ONLY_SEGMENT_REASON =
  "Your API key is read-only, so creating and editing segments is disabled. Sign in with a standard key to change them.";

/** Segments are private to their creator, so only the key decides: a read-only key cannot write. */
export function segmentWritePermission(keyKind: ApiKeyKind | null): Permission {
  return keyKind === "read_only" ? { allowed: false, reason: READ_ONLY_SEGMENT_REASON } : { allowed: true };
}

export const defaultStatusWords: Record<SegmentDefaultStatus, { label: string; meaning: string }> = {
  active: { label: "Active", meaning: "Listings the segment matches are active in it unless set otherwise." },
  inactive: {
    label: "Inactive",
    meaning: "Listings the segment matches are inactive in it unless set otherwise.",
  },
};

/**
 * include_managed_listings defaults to true for API keys and to false for channel integration
 * keys (interface: segments). An unknown key kind is read as an API key.
 */
export function includeManagedDefault(keyKind: ApiKeyKind | null): boolean {
  return keyKind !== "channel_integration";
}

/**
 * What the managed-listings switch shows by default, in a revenue manager's words: which
 * listings count, and how to see the others. Only a channel integration key makes the service
 * leave them out, so only then is the key named.
 */
export function includeManagedNote(keyKind: ApiKeyKind | null): string {
  return includeManagedDefault(keyKind)
    ? "Listings you manage for other owners count too unless you switch this off; switch it off to see only your own."
    : "Listings you manage for other owners are left out unless you switch this on: the service leaves them out for a channel integration key.";
}

/** A member by name, else email. */
export function memberName(member: Pick<TeamMember, "first_name" | "last_name" | "email">): string {
  return [member.first_name, member.last_name].filter(Boolean).join(" ") || member.email;
}

/** The team members a segment is assigned to, by name. */
export function assigneesOf<M extends Pick<TeamMember, "assigned_segment_ids">>(
  members: readonly M[],
  segmentId: string,
): M[] {
  return members.filter((m) => m.assigned_segment_ids.includes(segmentId));
}
