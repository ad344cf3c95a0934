import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { ListingAccessLevel } from "@/lib/svc/schemas/listings";
import { isKnown, wordsOf } from "@/lib/display/open-values";
import type { Permission } from "@/lib/access/permission";

/**
 * Words for each listing access level, as the table and tooltips say them. `meaning` speaks
 * to the caller about their own access to one listing; `grants` says what anyone holding the
 * level may do on the listings they hold it on (a team member's level is one of these), so
 * the Team page explains levels in the same words rather than a copy.
 */
export const accessLabels: Record<KnownAccessLevel, { label: string; meaning: string; grants: string }> = {
  owner: {
    label: "Owner",
    meaning: "You own this listing.",
    grants: "Owns the listings and decides who else may reach them.",
  },
  manager: {
    label: "Manager",
    meaning: "You manage this listing for its owner.",
    grants: "Manages the listings for their owner: prices, settings, tags and batch preferences.",
  },
  editor: {
    label: "Editor",
    meaning: "You can change this listing's prices and settings.",
    grants: "Can change the listings' prices, settings and tags, and use batch preferences.",
  },
  restricted_editor: {
    label: "Restricted editor",
    meaning: "You can change this listing's own preferences, but not its tags or batch preferences.",
    grants: "Can change each listing's own preferences, but not its tags or batch preferences.",
  },
  viewer: {
    label: "Viewer",
    meaning: "Read only: you can see this listing but not change it.",
    grants: "Read only: can see the listings but not change them.",
  },
};

type KnownAccessLevel = "owner" | "manager" | "editor" | "restricted_editor" | "viewer";

/** The levels in the order the service lists them, most access first (for sorting). */
export const ACCESS_LEVELS: readonly KnownAccessLevel[] = Object.keys(accessLabels) as KnownAccessLevel[];

/** A level in words: ours where known, else as the service sent it. */
export function accessWords(access: ListingAccessLevel): { label: string; meaning: string } {
  return wordsOf(accessLabels, access, "your access to this listing as");
}

/*
 * Allow-lists of the levels that may write: a level we do not know is in none of them, so it
 * gets the least privilege (read only) and nothing is offered that the service may refuse.
 */
const WRITE_LEVELS: readonly KnownAccessLevel[] = ["owner", "manager", "editor", "restricted_editor"];
const MANAGE_LEVELS: readonly KnownAccessLevel[] = ["owner", "manager", "editor"];

/** May change the listing's own things: preferences, custom rates, notes, a sync. */
export function canWriteListing(access: ListingAccessLevel): boolean {
  return (WRITE_LEVELS as readonly string[]).includes(access);
}

/** May also change its tags, use batch preferences and associate it with a set. */
export function canManageListing(access: ListingAccessLevel): boolean {
  return (MANAGE_LEVELS as readonly string[]).includes(access);
}

/** Why a level we do not know is offered nothing (null for a known level). */
export function unknownAccessReason(access: ListingAccessLevel): string | null {
  if (isKnown(accessLabels, access)) return null;
  return `Your access to this listing ("${access}") is one this dashboard does not know, so changes are not offered.`;
}

/**
 * Whether the caller may change a listing's tags (interface: restricted editors and viewers
 * cannot; a read-only key cannot change anything). A level we do not know gets the least
 * privilege: nothing is offered that the service may refuse.
 */
export function tagEditPermission(access: ListingAccessLevel, keyKind: ApiKeyKind | null): Permission {
  if (keyKind === "read_only") return { allowed: false, reason: "Your API key is read-only." };
  if (access === "viewer")
    return { allowed: false, reason: "Viewers have read-only access to this listing." };
  if (access === "restricted_editor") {
    return { allowed: false, reason: "Restricted editors cannot change tags." };
  }
  if (!canManageListing(access)) {
    return { allowed: false, reason: unknownAccessReason(access) ?? "Your access cannot change tags." };
  }
  return { allowed: true };
}
