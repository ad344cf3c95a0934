import { z } from "zod";
import { timestamp } from "@/lib/svc/schemas/common";
import { openSet } from "@/lib/svc/schemas/reading";
import { TEAM_LEVEL_NAMES, type TeamLevel } from "@/lib/svc/schemas/vocabulary";

/**
 * Team management (docs/interface.md §Other endpoints). A master (owner) account invites
 * sub-users; each sub-user's access to the owner's listings has one level.
 */

/**
 * Listing access levels a team member can hold (docs/interface-decisions.md §2 without owner). The
 * message is said to whoever sends another level: a form shows it as it is.
 */
export const teamLevel = z.enum(TEAM_LEVEL_NAMES, {
  error: "choose one of the levels: manager, editor, restricted editor or viewer",
});
export type { TeamLevel };

/** `invited` until the sub-user accepts with POST /teams/memberships/{master_user_id}. */
export const teamStatus = openSet(["invited", "active"]);
export type TeamStatus = z.infer<typeof teamStatus>;

export const teamMember = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  level: teamLevel,
  status: teamStatus,
  /** Level given automatically on listings the owner adds later; null: none. */
  auto_managed_listing_level: teamLevel.nullable(),
  assigned_segment_ids: z.array(z.string()),
});
export type TeamMember = z.infer<typeof teamMember>;

export const inviteMemberBody = z.object({
  email: z.email("give a valid email address, like name@example.com"),
  level: teamLevel,
});
export type InviteMemberBody = z.infer<typeof inviteMemberBody>;

export const autoManagedListingLevelBody = z.object({ level: teamLevel.nullable() });
export type AutoManagedListingLevelBody = z.infer<typeof autoManagedListingLevelBody>;

/** Replaces the member's assigned segments; an empty array clears them. */
export const assignedSegmentsBody = z.object({
  segment_ids: z.array(z.string().min(1)).refine((ids) => new Set(ids).size === ids.length, {
    message: "A segment is chosen twice.",
  }),
});
export type AssignedSegmentsBody = z.infer<typeof assignedSegmentsBody>;

export const refreshAutoManagedListingsResult = z.object({
  user_id: z.string(),
  /** Listings the member now reaches through auto_managed_listing_level. */
  listing_count: z.number().int().min(0),
  refreshed_at: timestamp,
});
export type RefreshAutoManagedListingsResult = z.infer<typeof refreshAutoManagedListingsResult>;

/**
 * A team the caller belongs to. `master_user_id` is the owning account's user id; the
 * interface lets it be passed wherever an owner_user_id is taken (GET /listings,
 * GET /listings/kpis).
 */
export const membership = z.object({
  master_user_id: z.string(),
  email: z.string(),
  level: teamLevel,
  status: teamStatus,
});
export type Membership = z.infer<typeof membership>;
