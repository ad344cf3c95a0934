import { byRank, wordsOf } from "@/lib/display/open-values";
import { accessLabels } from "@/lib/access/listing-access";
import type { Segment } from "@/lib/svc/schemas/segments";
import type { TeamMember, TeamStatus } from "@/lib/svc/schemas/team";
import { TEAM_LEVEL_NAMES, type TeamLevel } from "@/lib/svc/schemas/vocabulary";

/**
 * The Team page's words. A team level is a listing access level held on every listing of the
 * team's owner, so its label and what it allows come from the listings' own table
 * (`accessLabels`); nothing here re-words a level.
 */

/** The levels in the order the service lists them, most access first. */
export const TEAM_LEVELS: readonly TeamLevel[] = TEAM_LEVEL_NAMES;

export interface Words {
  label: string;
  meaning: string;
}

export function levelWords(level: TeamLevel): Words {
  const { label, grants } = accessLabels[level];
  return { label, meaning: grants };
}

/** `auto_managed_listing_level` null: listings added later are not shared with the member. */
export const NO_AUTO_LEVEL: Words = {
  label: "None",
  meaning: "Gets no access to listings you add later; you share those one by one.",
};

/** The level a member gets on listings the owner adds later, in words. */
export function autoLevelWords(level: TeamLevel | null): Words {
  return level === null ? NO_AUTO_LEVEL : levelWords(level);
}

/** "a viewer", "an editor", "a manager": a level as the object of a sentence. */
export function withArticle(level: TeamLevel): string {
  const label = accessLabels[level].label.toLowerCase();
  return /^[aeiou]/.test(label) ? `an ${label}` : `a ${label}`;
}

/** Keyed by the statuses we know, in the order the tables sort them. */
export const STATUS_WORDS: Readonly<Record<"active" | "invited", Words>> = {
  active: { label: "Active", meaning: "Accepted: holds their level on the owner's listings." },
  invited: { label: "Invited", meaning: "Has not accepted yet, so has no access until they do." },
};

/** A status in words: ours where known, else as the service sent it. */
export function statusWords(status: TeamStatus): Words {
  return wordsOf(STATUS_WORDS, status, "a membership status");
}

/** Sorts statuses: the known ones in our order, then any other by its raw text. */
export const byStatus = byRank(["active", "invited"] as const);

/** A person's name, or their email when the service knows no name (a new invitee). */
export function personName(person: Pick<TeamMember, "email" | "first_name" | "last_name">): string {
  return [person.first_name, person.last_name].filter(Boolean).join(" ") || person.email;
}

/**
 * What removing a member takes away, said in the confirmation. The service drops their access
 * to every one of the owner's listings with the membership, and their settings with it; sets
 * are shared separately and stay as they are.
 */
export function removalConsequence(member: Pick<TeamMember, "level" | "status">): string {
  if (member.status === "invited") {
    return "They have not accepted, so they hold no access yet; the invitation stops working. You can invite them again later.";
  }
  return `They lose their access to every one of your listings at once (they are ${withArticle(member.level)} of each), along with their segments and their level for listings you add later. Sets you shared with them stay shared. You can invite them again later.`;
}

/** What leaving a team (or declining its invitation) means for the caller. */
export function leavingConsequence(
  membership: { level: TeamLevel; status: TeamStatus },
  owner: string,
): string {
  if (membership.status === "invited") {
    return `You will not get access to ${owner}'s listings. They can invite you again later.`;
  }
  return `You lose your access to every one of ${owner}'s listings at once (you are ${withArticle(membership.level)} of each), and they leave your Listings. To come back, ${owner} must invite you again.`;
}

export interface NamedSegment {
  id: string;
  name: string;
  /** False for an id the caller's segments no longer hold (a deleted segment). */
  known: boolean;
}

/** A member's segments by name, in the member's order; an id no longer among mine says so. */
export function segmentNames(
  ids: readonly string[],
  segments: readonly Pick<Segment, "id" | "name">[],
): NamedSegment[] {
  const names = new Map(segments.map((s) => [s.id, s.name]));
  return ids.map((id) => {
    const name = names.get(id);
    return name === undefined
      ? { id, name: `A segment no longer in your list (${id})`, known: false }
      : { id, name, known: true };
  });
}

/** "4 members · 1 invited": the team at a glance. */
export function teamSummary(members: readonly Pick<TeamMember, "status">[]): string {
  const invited = members.filter((m) => m.status === "invited").length;
  const noun = members.length === 1 ? "member" : "members";
  return invited > 0 ? `${members.length} ${noun} · ${invited} invited` : `${members.length} ${noun}`;
}
