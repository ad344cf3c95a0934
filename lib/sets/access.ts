import { isKnown, wordsOf } from "@/lib/display/open-values";
import { accessLabels } from "@/lib/access/listing-access";
import type { Permission } from "@/lib/access/permission";
import type { ListingAccessLevel } from "@/lib/svc/schemas/listings";
import type { SetAccess, setAccess } from "@/lib/svc/schemas/sets";

/**
 * What each access to a set allows (interface: Dynamic sets rules 3 and 4 and the access
 * levels table; docs/interface-decisions.md §2): R reads only; E changes the status of existing
 * members only; F also adds and removes members and edits associated listings; M and the
 * owner also share and upgrade. The page disables what this table forbids and says why,
 * rather than finding out from a 403.
 */
export type SetAction =
  "changeStatus" | "addMembers" | "removeMembers" | "editAssociated" | "share" | "upgrade";

export const SET_ACTIONS: readonly SetAction[] = [
  "changeStatus",
  "addMembers",
  "removeMembers",
  "editAssociated",
  "share",
  "upgrade",
];

type KnownSetAccess = (typeof setAccess.options)[number];

/** Allow-lists: an access we do not know is in none of them, so it gets the least privilege. */
const ALLOWED: Readonly<Record<SetAction, readonly KnownSetAccess[]>> = {
  changeStatus: ["owner", "M", "F", "E"],
  addMembers: ["owner", "M", "F"],
  removeMembers: ["owner", "M", "F"],
  editAssociated: ["owner", "M", "F"],
  share: ["owner", "M"],
  upgrade: ["owner", "M"],
};

/** Each access in words, as the header and the sharing tab say them. */
export const SET_ACCESS_WORDS: Readonly<Record<KnownSetAccess, { label: string; meaning: string }>> = {
  owner: {
    label: "Owner",
    meaning: "You own this set: you can change its members and associated listings, share it and upgrade it.",
  },
  M: {
    label: "Manager",
    meaning: "You can change members and associated listings, share the set and upgrade it.",
  },
  F: {
    label: "Editor",
    meaning: "You can add and remove members, change their status and edit associated listings.",
  },
  E: {
    label: "Restricted editor",
    meaning: "You can change the status of existing members, nothing else.",
  },
  R: { label: "Viewer", meaning: "Read only: you can see this set but not change it." },
};

/** An access in words: ours where known, else as the service sent it. */
export function setAccessWords(access: SetAccess): { label: string; meaning: string } {
  return wordsOf(SET_ACCESS_WORDS, access, "your access to this set as");
}

/** "a viewer", "an editor"...: the caller's access as the object of a sentence. */
function asRole(access: KnownSetAccess): string {
  if (access === "owner") return "its owner";
  const label = SET_ACCESS_WORDS[access].label.toLowerCase();
  return /^[aeiou]/.test(label) ? `an ${label}` : `a ${label}`;
}

const NEEDS: Readonly<Record<SetAction, string>> = {
  changeStatus: "Changing a member's status needs restricted editor access or above",
  addMembers: "Adding members needs editor or manager access",
  removeMembers: "Removing members needs editor or manager access",
  editAssociated: "Changing associated listings needs editor or manager access",
  share: "Only the set's owner or a manager can share it",
  upgrade: "Only the set's owner or a manager can upgrade it",
};

export function canDo(access: SetAccess, action: SetAction): boolean {
  return (ALLOWED[action] as readonly string[]).includes(access);
}

/** The sentence that says why `access` may not do `action`; null when it may. */
export function reasonFor(access: SetAccess, action: SetAction): string | null {
  if (canDo(access, action)) return null;
  if (!isKnown(SET_ACCESS_WORDS, access)) {
    return `${NEEDS[action]}; your access to this set ("${access}") is one this dashboard does not know, so it is not offered.`;
  }
  const tail = access === "R" ? " (viewers have read-only access)" : "";
  return `${NEEDS[action]}; you are ${asRole(access)} of this set${tail}.`;
}

/** What `action` needs, as a sentence of its own: "Adding members needs editor or manager access." */
export function refusalSentence(action: SetAction): string {
  return `${NEEDS[action]}.`;
}

export const READ_ONLY_KEY_REASON =
  "Your session uses a read-only API key, which cannot change sets. Sign in with a standard key to make changes.";

/** The access rule, then the key: a read-only key is refused every write whatever the access. */
export function setPermission(access: SetAccess, action: SetAction, readOnlyKey: boolean): Permission {
  const reason = reasonFor(access, action);
  if (reason) return { allowed: false, reason };
  if (readOnlyKey) return { allowed: false, reason: READ_ONLY_KEY_REASON };
  return { allowed: true };
}

/** Listing levels with manage access: the ones that may associate a listing with a set. */
const MANAGE_LEVELS: readonly (keyof typeof accessLabels)[] = ["owner", "manager", "editor"];

/**
 * Associating one of my listings with a set needs manage access to that listing
 * (docs/interface.md, Authentication 6 and 7): a viewer, a restricted editor, and a level we
 * do not know, are refused.
 */
export function associatePermission(level: ListingAccessLevel): Permission {
  if ((MANAGE_LEVELS as readonly string[]).includes(level)) return { allowed: true };
  const role = isKnown(accessLabels, level)
    ? `a ${accessLabels[level].label.toLowerCase()}`
    : `"${level}" (a level this dashboard does not know)`;
  return {
    allowed: false,
    reason: `You are ${role} of this listing; associating a listing with a set needs manage access to it (owner, manager or editor).`,
  };
}
