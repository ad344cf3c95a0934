import { formatUtcTime } from "@/lib/format/times";
import type { RefreshAutoManagedListingsResult, TeamMember } from "@/lib/svc/schemas/team";
import { personName, withArticle } from "@/lib/team/levels";

type Person = Pick<TeamMember, "email" | "first_name" | "last_name">;

/**
 * What refreshing a member's auto-managed listings does, for its confirmation: the service
 * gives them their auto-managed level on every listing the owner has now, replacing the
 * level they hold on each.
 */
export function refreshConsequence(
  member: Person & Pick<TeamMember, "level" | "auto_managed_listing_level">,
): string {
  const level = member.auto_managed_listing_level;
  if (level === null) return "";
  const name = personName(member);
  const replaces =
    level === member.level
      ? ""
      : ` Where they are ${withArticle(member.level)} today, they become ${withArticle(level)}.`;
  return `${name} becomes ${withArticle(level)} of every listing you have now, including ones added since they joined.${replaces}`;
}

/** "Refreshed at 14:03:07 UTC: Marcus Bell is a manager of 34 of your listings." */
export function refreshedSentence(
  result: Pick<RefreshAutoManagedListingsResult, "listing_count" | "refreshed_at">,
  member: Person & Pick<TeamMember, "auto_managed_listing_level">,
): string {
  const n = result.listing_count;
  const listings = `${n} of your listings`;
  const level = member.auto_managed_listing_level;
  const what = level === null ? `reaches ${listings}` : `is ${withArticle(level)} of ${listings}`;
  return `Refreshed at ${formatUtcTime(result.refreshed_at)}: ${personName(member)} ${what}.`;
}
