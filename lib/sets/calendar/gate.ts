import { canDo } from "@/lib/sets/access";
import { memberGroups } from "@/lib/sets/page";
import { isKnown } from "@/lib/display/open-values";
import { isSvcError } from "@/lib/svc/errors";
import { SET_PRICE_CALENDAR_MAX_NIGHTS, SET_PRICE_CALENDAR_MEMBER_LIMIT } from "@/lib/svc/schemas/limits";
import type { MembersByStatus, SetAccess } from "@/lib/svc/schemas/sets";

/**
 * The set price calendar's gate, pure: the 25-membership rule checked before calling (every
 * status counts), and the service's 422 read as the same rule, with the words to explain it.
 */
// ---------------------------------------------------------------------------------------
// The membership rule: every status counts toward the 25 limit (docs/interface.md, Dynamic sets rule 5)
// ---------------------------------------------------------------------------------------

export const CALENDAR_MEMBER_LIMIT = SET_PRICE_CALENDAR_MEMBER_LIMIT;
export const CALENDAR_MAX_NIGHTS = SET_PRICE_CALENDAR_MAX_NIGHTS;

export interface MembershipCounts {
  active: number;
  suggested: number;
  inactive: number;
  /** Members under statuses this dashboard does not know: they count toward the limit too. */
  other?: number;
}

export function countMemberships(members: MembersByStatus): MembershipCounts {
  const counts = { active: 0, suggested: 0, inactive: 0 };
  let other = 0;
  for (const { status, members: group } of memberGroups(members)) {
    if (isKnown(counts, status)) counts[status] += group.length;
    else other += group.length;
  }
  return other > 0 ? { ...counts, other } : counts;
}

/** Memberships that are not active: the ones to remove first. */
export const notActive = (c: MembershipCounts) => c.suggested + c.inactive + (c.other ?? 0);

export const totalMemberships = (c: MembershipCounts) => c.active + notActive(c);

export type CalendarGate =
  | { kind: "open"; total: number }
  /** No active member: the calendar would be empty, so it is not asked for. */
  | { kind: "no-active"; counts: MembershipCounts }
  | {
      kind: "blocked";
      total: number;
      limit: number;
      /** How many memberships must go before the calendar can be asked for. */
      excess: number;
      /** Null when only the service's 422 is known (it sends the total, not the statuses). */
      counts: MembershipCounts | null;
    };

export function gateFromCounts(counts: MembershipCounts): CalendarGate {
  const total = totalMemberships(counts);
  if (total > CALENDAR_MEMBER_LIMIT) {
    return {
      kind: "blocked",
      total,
      limit: CALENDAR_MEMBER_LIMIT,
      excess: total - CALENDAR_MEMBER_LIMIT,
      counts,
    };
  }
  if (counts.active === 0) return { kind: "no-active", counts };
  return { kind: "open", total };
}

/** The service's 422 `too_many_members`, read as the same gate the count would have given. */
export function gateFromError(error: unknown, counts: MembershipCounts | null): CalendarGate | null {
  if (!isSvcError(error) || error.status !== 422) return null;
  const limit = typeof error.details?.limit === "number" ? error.details.limit : CALENDAR_MEMBER_LIMIT;
  const fromService = error.details?.member_count;
  const total = typeof fromService === "number" ? fromService : counts ? totalMemberships(counts) : limit + 1;
  // Counts read before the service's answer may be stale: their breakdown is shown only if it adds up.
  const matching = counts && totalMemberships(counts) === total ? counts : null;
  return { kind: "blocked", total, limit, excess: Math.max(1, total - limit), counts: matching };
}

/** `1 night`, `2 nights`. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The limit in words: what counts, how many the set has, and how to get under it. */
export function blockedExplanation(
  gate: Extract<CalendarGate, { kind: "blocked" }>,
  access: SetAccess,
): { title: string; sentences: string[] } {
  const { total, limit, excess, counts } = gate;
  const sentences = [
    `The price calendar compares at most ${limit} member listings, and every membership counts whatever its status: active, suggested and inactive alike.`,
    counts
      ? `This set has ${total} memberships (${counts.active} active, ${counts.suggested} suggested, ${counts.inactive} inactive${counts.other ? `, ${counts.other} in other statuses` : ""}).`
      : `The service counted ${total} memberships in this set.`,
  ];
  let how = `Remove ${plural(excess, "member")} to bring the set down to ${limit}.`;
  if (counts) {
    const others = notActive(counts);
    if (others >= excess) {
      how += " Removing suggested or inactive members first keeps every active comp on the calendar.";
    } else if (others > 0) {
      how += ` Even without its ${plural(others, "suggested or inactive member")}, ${plural(excess - others, "active member")} must go too.`;
    }
  }
  sentences.push(how, "Changing a member's status does not help: inactive members count too.");
  sentences.push(
    canDo(access, "removeMembers")
      ? "You can remove members on the Members tab."
      : access === "E"
        ? "Your access lets you change statuses only, so ask the owner or a collaborator with edit access to remove members."
        : access === "R"
          ? "Your access is read only, so ask the owner or a collaborator with edit access to remove members."
          : "Your access does not let you remove members here, so ask the owner or a collaborator with edit access.",
  );
  return { title: "This set has too many members for the price calendar", sentences };
}
