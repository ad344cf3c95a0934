import type { Listing } from "@/lib/svc/schemas/listings";
import { isFilterKey, splitFilter, type FilterObject, type KnownFilter } from "@/lib/segments/filter";

/**
 * The live preview: which of the caller's listings a filter would match, computed in the
 * browser from the portfolio already loaded, by the reference service's rules
 * (sandbox/domain/segments/filter.ts, compared in preview.test.ts). It is a preview: the
 * service decides on save, and conditions the listings loaded cannot answer are named
 * instead of guessed.
 */

/** Why the preview leaves a key out. */
export interface Unevaluated {
  key: string;
  reason: string;
}

export interface Preview {
  matched: Listing[];
  /** Conditions the preview could not apply: the real answer may be smaller. */
  unevaluated: Unevaluated[];
}

const TIER_REASON =
  "The listings loaded do not carry their pricing tier (it is read one listing at a time), so the preview ignores this condition.";
const UNKNOWN_REASON = "The dashboard does not know this condition; only the service can apply it.";
const UNREADABLE_REASON =
  "Its value is not one the dashboard can read; the service will say whether it accepts it.";

/** Whether one listing satisfies every condition the builder knows (the service's rules). */
export function matchesKnown(listing: Listing, filter: KnownFilter): boolean {
  if (filter.market_ids && !filter.market_ids.includes(listing.market_id)) return false;
  if (filter.channels && !filter.channels.includes(listing.channel)) return false;
  if (filter.bedrooms_min !== undefined || filter.bedrooms_max !== undefined) {
    // A listing without a bedroom count never matches a range.
    if (listing.bedrooms === null) return false;
    if (filter.bedrooms_min !== undefined && listing.bedrooms < filter.bedrooms_min) return false;
    if (filter.bedrooms_max !== undefined && listing.bedrooms > filter.bedrooms_max) return false;
  }
  if (filter.tags_any && !filter.tags_any.some((tag) => listing.tags.includes(tag))) return false;
  if (filter.tags_all && !filter.tags_all.every((tag) => listing.tags.includes(tag))) return false;
  if (filter.is_active !== undefined && listing.is_active !== filter.is_active) return false;
  if (filter.is_hidden !== undefined && listing.is_hidden !== filter.is_hidden) return false;
  if (filter.name_contains && !listing.name.toLowerCase().includes(filter.name_contains.toLowerCase())) {
    return false;
  }
  return true;
}

export function previewFilter(listings: readonly Listing[], filter: FilterObject): Preview {
  const { known, kept } = splitFilter(filter);
  const unevaluated: Unevaluated[] = [];
  if (known.pricing_tiers) unevaluated.push({ key: "pricing_tiers", reason: TIER_REASON });
  for (const key of Object.keys(kept)) {
    unevaluated.push({ key, reason: isFilterKey(key) ? UNREADABLE_REASON : UNKNOWN_REASON });
  }
  return { matched: listings.filter((l) => matchesKnown(l, known)), unevaluated };
}

/** Market ids of the filter that none of the caller's listings is in: a likely typo. */
export function marketsWithoutListings(
  filter: FilterObject,
  listings: ReadonlyArray<Pick<Listing, "market_id">>,
): string[] {
  const { known } = splitFilter(filter);
  const present = new Set(listings.map((l) => l.market_id));
  return (known.market_ids ?? []).filter((id) => !present.has(id));
}
