import { canWriteListing, tagEditPermission, unknownAccessReason } from "@/lib/access/listing-access";
import type { Permission } from "@/lib/access/permission";
import type { ListingAccessLevel } from "@/lib/svc/schemas/listings";

/**
 * Who may write a listing's notes and tags, from the data the page already holds (the
 * listing's `access_level` and the key's kind), so the tabs disable what would be refused
 * and say why instead of failing.
 */

export const READ_ONLY_KEY_REASON = "Your API key is read-only.";

/**
 * Notes are the team's: everyone with access reads them; owners, managers, editors and
 * restricted editors write them (the interface bars restricted editors from tags and batch
 * preferences only); viewers, levels we do not know and read-only keys cannot.
 */
export function noteWritePermission(access: ListingAccessLevel, readOnly: boolean): Permission {
  if (readOnly)
    return { allowed: false, reason: `${READ_ONLY_KEY_REASON} Notes can be read but not written.` };
  if (access === "viewer") {
    return {
      allowed: false,
      reason: "Viewers can read this listing's notes but not add, edit or delete them.",
    };
  }
  if (!canWriteListing(access)) return { allowed: false, reason: unknownAccessReason(access) ?? "" };
  return { allowed: true };
}

/** Tags: the portfolio table's rule (restricted editors and viewers cannot change them). */
export function tagWritePermission(access: ListingAccessLevel, readOnly: boolean): Permission {
  const permission = tagEditPermission(access, readOnly ? "read_only" : null);
  if (permission.allowed || access !== "restricted_editor" || readOnly) return permission;
  // The table's tooltip is short; the tab has room for the reason in full.
  return {
    allowed: false,
    reason:
      "Restricted editors cannot change tags: the listing's owner or a manager or editor can. " +
      "You can still change this listing's own preferences, notes and custom rates.",
  };
}
