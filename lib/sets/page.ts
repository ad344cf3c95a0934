import { formatDistance, type DistanceUnit } from "@/lib/display/distance";
import { EMPTY, formatCurrency, formatDecimal, formatPercent } from "@/lib/format/numbers";
import { isKnown, wordsOf } from "@/lib/display/open-values";
import { isSvcError } from "@/lib/svc/errors";
import type { MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";
import type {
  KnownMemberStatus,
  MemberListing,
  MemberStatus,
  MembersByStatus,
  SetFilters,
  SetRecord,
  ShareLevel,
} from "@/lib/svc/schemas/sets";
import { MEMBER_STATUSES as KNOWN_MEMBER_STATUSES } from "@/lib/svc/schemas/sets";
import { READ_ONLY_KEY_REASON, refusalSentence, type SetAction } from "@/lib/sets/access";
import { membershipWords } from "@/lib/sets/list";

/**
 * Pure helpers of the set page: the set and its members in words, and the sentences a
 * failed change is explained with.
 */

/** The statuses we know, in the tab's order: the ones a member can be moved to. */
export const MEMBER_STATUSES: readonly KnownMemberStatus[] = KNOWN_MEMBER_STATUSES;

export const MEMBER_STATUS_WORDS: Readonly<Record<KnownMemberStatus, { label: string; meaning: string }>> = {
  active: { label: "Active", meaning: "Compared: counted in the set's analytics and price calendar." },
  suggested: {
    label: "Suggested",
    meaning: "Proposed by a filter sync and awaiting review; not compared until made active.",
  },
  inactive: { label: "Inactive", meaning: "Kept in the set but not compared." },
};

/** A status in words: ours where known, else as the service sent it. */
export function memberStatusWords(status: MemberStatus): { label: string; meaning: string } {
  return wordsOf(MEMBER_STATUS_WORDS, status, "a member status");
}

/** The statuses a member of `status` can be moved to: the known ones it is not in. */
export function otherStatuses(status: MemberStatus): KnownMemberStatus[] {
  return MEMBER_STATUSES.filter((s) => s !== status);
}

export interface MemberStatusGroup {
  status: MemberStatus;
  members: MemberListing[];
}

/**
 * The groups as the tab shows them: the known ones in our order, always; then any group the
 * service sends that we do not know, by its raw name, so its members still show and count.
 */
export function memberGroups(groups: MembersByStatus): MemberStatusGroup[] {
  const unknown = Object.keys(groups)
    .filter((status) => !isKnown(MEMBER_STATUS_WORDS, status) && Array.isArray(groups[status]))
    .sort((a, b) => a.localeCompare(b));
  return [...MEMBER_STATUSES, ...unknown].map((status) => ({ status, members: groups[status] ?? [] }));
}

/** Every member, whatever the group, by its internal id (to name listings in sentences). */
export function membersById(groups: MembersByStatus): Map<string, MemberListing> {
  return new Map(
    memberGroups(groups).flatMap(({ members }) => members.map((m) => [m.listing_id, m] as const)),
  );
}

export function memberTotal(groups: MembersByStatus): number {
  return memberGroups(groups).reduce((sum, { members }) => sum + members.length, 0);
}

/** "2 bedrooms", "1–3 bedrooms", "at least 2 bedrooms"... or null when bedrooms are not filtered. */
function bedroomsInWords(min: number | undefined, max: number | undefined): string | null {
  const plural = (n: number) => (n === 1 ? "bedroom" : "bedrooms");
  if (min !== undefined && max !== undefined) {
    return min === max ? `${min} ${plural(min)}` : `${min}–${max} bedrooms`;
  }
  if (min !== undefined) return `at least ${min} ${plural(min)}`;
  if (max !== undefined) return `at most ${max} ${plural(max)}`;
  return null;
}

const coordinate = (value: number) => value.toFixed(4);

/** A filter-based set's filters as a phrase: "within 3 km of 30.2489, -97.7501; 2 bedrooms". */
export function filtersInWords(
  filters: SetFilters,
  defaultRadiusKm: number,
  unit: DistanceUnit = "km",
): string {
  const parts: string[] = [];
  if (filters.latitude !== undefined && filters.longitude !== undefined) {
    const radius = formatDistance(filters.radius_km ?? defaultRadiusKm, unit);
    parts.push(`within ${radius} of ${coordinate(filters.latitude)}, ${coordinate(filters.longitude)}`);
  }
  const bedrooms = bedroomsInWords(filters.bedrooms_min, filters.bedrooms_max);
  if (bedrooms) parts.push(bedrooms);
  if (filters.amenities?.length) parts.push(`with ${filters.amenities.map(amenityWords).join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : "every eligible candidate (no criteria)";
}

/** `air_conditioning` → "air conditioning". */
export function amenityWords(name: string): string {
  return name.replaceAll("_", " ");
}

export function membershipInWords(
  set: Pick<SetRecord, "membership" | "filters">,
  defaultRadiusKm: number,
  unit: DistanceUnit = "km",
) {
  if (set.membership === "filter") {
    return {
      label: "Filter-based",
      detail: set.filters
        ? `Members are the comparison listings ${filtersInWords(set.filters, defaultRadiusKm, unit)}. A sync proposes new matches as suggested and may restore removed members.`
        : "Members come from the set's filters. A sync proposes new matches as suggested and may restore removed members.",
    };
  }
  if (set.membership === "static") {
    return { label: "Static", detail: "Members change only when someone adds or removes them." };
  }
  const { label, meaning } = wordsOf(membershipWords, set.membership, "a kind of membership");
  return { label, detail: meaning };
}

/** Levels a collaborator can be given, explained next to the picker. */
export const SHARE_LEVEL_WORDS: Readonly<
  Record<Exclude<ShareLevel, "N">, { label: string; meaning: string }>
> = {
  R: { label: "Viewer", meaning: "Sees the set and its members; changes nothing." },
  E: { label: "Restricted editor", meaning: "Can change the status of existing members, nothing else." },
  F: {
    label: "Editor",
    meaning: "Can add and remove members, change their status and edit associated listings.",
  },
  M: { label: "Manager", meaning: "Everything an editor can, plus share the set and upgrade it." },
};

export const SHARE_LEVELS = ["R", "E", "F", "M"] as const;

export const METRIC_WINDOW_WORDS: Readonly<Record<MetricWindow, string>> = {
  "365_0": "Past 365 days",
  "90_0": "Past 90 days",
  "30_0": "Past 30 days",
  "0_30": "Next 30 days",
  "0_90": "Next 90 days",
};

/** A member metric for a table cell; null is `EMPTY` ("unknown"), never 0. */
export function formatMetric(
  value: number | null,
  kind: "money" | "percent" | "count",
  currency: string,
): string {
  if (value === null) return EMPTY;
  if (kind === "money") return formatCurrency(value, currency, { maxDigits: 0 });
  if (kind === "percent") return formatPercent(value, { maxDigits: 1 });
  return formatDecimal(value, { maxDigits: 1 });
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The listing ids a 422 `ineligible_listings` names, by name where we know it. */
function ineligibleNames(error: { details?: Record<string, unknown> }, names: ReadonlyMap<string, string>) {
  const ids = Array.isArray(error.details?.listing_ids) ? (error.details.listing_ids as unknown[]) : [];
  return ids.map((id) => {
    const name = names.get(String(id));
    return name ? `${name} (#${String(id)})` : `#${String(id)}`;
  });
}

/**
 * A failed change to a set in a sentence, or null when the generic description will do.
 * 422 names the listings; 403 says which access the change needs; 404 and 409 say what to do.
 */
export function setChangeError(
  error: unknown,
  action: SetAction,
  names: ReadonlyMap<string, string> = new Map(),
): string | null {
  if (!isSvcError(error)) return null;
  if (error.status === 403) {
    if (error.code === "read_only_key") return READ_ONLY_KEY_REASON;
    return `The service refused this: ${refusalSentence(action)} Your access may have changed; reload the page to see it.`;
  }
  if (error.status === 422 && error.code === "ineligible_listings") {
    const listed = ineligibleNames(error, names);
    const count =
      listed.length === 1
        ? "This listing is not an eligible comparison candidate"
        : "These listings are not eligible comparison candidates";
    return `${count}: ${listInWords(listed)}. Nothing in this request was applied.`;
  }
  if (error.status === 422 && error.code === "unknown_users") {
    const users = Array.isArray(error.details?.users) ? (error.details.users as unknown[]).map(String) : [];
    return `No account uses ${listInWords(users) || "that address"}. Only people with an account can be given access.`;
  }
  if (error.status === 404) return "This set no longer exists or is no longer shared with you.";
  if (error.status === 409) return "Another change to this set was still running. Try again in a moment.";
  return null;
}
