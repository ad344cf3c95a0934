import { z } from "zod";
import type { Permission } from "@/lib/access/permission";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { CreateSetBody, SetRecord, setMembership } from "@/lib/svc/schemas/sets";
import type { Membership, TeamMember } from "@/lib/svc/schemas/team";

/**
 * The Sets list's rules in words: access levels, owners, the kind choices, paging and what
 * the name pattern means. Pure, so the page and its tests share them.
 */

type KnownMembership = (typeof setMembership.options)[number];

/** Keyed by the kinds we know: a kind the service adds is worded with `wordsOf`. */
export const membershipWords: Record<KnownMembership, { label: string; meaning: string }> = {
  static: { label: "Static", meaning: "Members change only when someone adds or removes them." },
  filter: {
    label: "Filter-based",
    meaning: "Members come from the set's filters; a sync may propose new ones or restore removed ones.",
  },
};

/** The kind the service reports for a set created without one; filtering by it also finds those. */
export const OTHER_KIND = "other";

/**
 * Names for the accounts that may own a set shared with the caller, from the two team reads
 * (the caller's own team members, and the teams the caller belongs to). Names win over emails.
 */
export function ownerNames(
  members: readonly Pick<TeamMember, "user_id" | "email" | "first_name" | "last_name">[],
  memberships: readonly Pick<Membership, "master_user_id" | "email">[],
): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of memberships) names.set(m.master_user_id, m.email);
  for (const m of members) {
    const full = [m.first_name, m.last_name].filter(Boolean).join(" ");
    names.set(m.user_id, full || m.email);
  }
  return names;
}

/** "You" for the caller's own sets; otherwise the owner's name when known, else their user id. */
export function ownerLabel(
  set: Pick<SetRecord, "access" | "owner_user_id">,
  names: ReadonlyMap<string, string>,
): string {
  if (set.access === "owner") return "You";
  return names.get(set.owner_user_id) ?? set.owner_user_id;
}

/**
 * The kinds the kind filter offers: every kind seen, the ones already chosen (a shared URL
 * may name kinds not loaded yet) and `other`, alphabetically with `other` last.
 */
export function kindOptions(seen: Iterable<string>, selected: readonly string[]): string[] {
  const all = new Set<string>([...seen, ...selected].map((k) => k.trim()).filter(Boolean));
  all.delete(OTHER_KIND);
  return [...[...all].sort((a, b) => a.localeCompare(b)), OTHER_KIND];
}

const quoted = (s: string) => `“${s}”`;

/**
 * What a name pattern finds, in words, under the filter while typing (the service's rule: `*`
 * matches any run of characters, otherwise the whole name must match, case-insensitively).
 */
export function namePatternMeaning(pattern: string): string {
  const p = pattern.trim();
  if (!p.includes("*")) return `Sets named exactly ${quoted(p)} (any letter case).`;
  const inner = p.replace(/^\*+|\*+$/g, "");
  if (inner === "") return "Every set (a lone * matches any name).";
  if (!inner.includes("*")) {
    const starts = !p.startsWith("*");
    const ends = !p.endsWith("*");
    if (!starts && !ends) return `Sets whose name contains ${quoted(inner)}.`;
    if (starts) return `Sets whose name starts with ${quoted(inner)}.`;
    return `Sets whose name ends with ${quoted(inner)}.`;
  }
  return `Sets whose name matches ${quoted(p)}, each * standing for any run of characters.`;
}

/** When a name filter matched nothing: a nudge towards `*` if it was a whole-name match. */
export function noMatchHint(pattern: string | null): string | null {
  const p = pattern?.trim();
  if (!p || p.includes("*")) return null;
  return `Without *, the whole name must match. To find names containing ${quoted(p)}, search for *${p}*.`;
}

export const READ_ONLY_CREATE_REASON =
  "Your API key is read-only, so creating a set is disabled. Sign in with a standard key to create one.";

/** Anyone can build their own sets; only a read-only key cannot write. */
export function createSetPermission(keyKind: ApiKeyKind | null): Permission {
  return keyKind === "read_only" ? { allowed: false, reason: READ_ONLY_CREATE_REASON } : { allowed: true };
}

// ---------------------------------------------------------------------------------------
// Creating a set: the name and kind typed on the create page
// ---------------------------------------------------------------------------------------

/** Suggested kinds besides those of the caller's sets; any other text is fine too. */
export const KIND_SUGGESTIONS = ["competitors", "market_watch", "luxury"] as const;

/** Suggestions for the kind field: the usual ones and the caller's own, never `other` (that is "no kind"). */
export function kindSuggestions(seen: Iterable<string>): string[] {
  const all = new Set<string>([...KIND_SUGGESTIONS, ...seen].map((k) => k.trim()).filter(Boolean));
  all.delete(OTHER_KIND);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/**
 * The contract's limits (name 1..120, kind up to 60 after trimming) in the page's words. A
 * comma is refused in a kind: the list's kind filter separates kinds with commas, so such a
 * set could never be found by its kind.
 */
export const setDetailsSchema = z.object({
  name: z.string().trim().min(1, "Give the set a name.").max(120, "Keep the name to 120 characters."),
  kind: z
    .string()
    .trim()
    .max(60, "Keep the kind to 60 characters.")
    .refine(
      (k) => !k.includes(","),
      "A kind cannot contain a comma (the kind filter separates kinds with commas).",
    ),
});
export type SetDetails = z.input<typeof setDetailsSchema>;

/** POST /sets body: an empty kind is left out, so the set reports `other`. */
export function toCreateSetBody(details: SetDetails, listingIds: readonly string[]): CreateSetBody {
  const name = details.name.trim();
  const kind = details.kind.trim();
  return { name, ...(kind ? { kind } : {}), listing_ids: [...listingIds] };
}
