import { z } from "zod";
import { field, matchesListingFilters } from "@/lib/listings/listing-filters";

/**
 * Which listings Pace counts: the Listings page's filters (managed, active only, hidden, owner,
 * under the same URL names, so moving between the pages keeps the same listings), the
 * listing's market, bedrooms and channel, and the segment or comp set it belongs to. Resolved
 * from the mirror's listing records and groups, so a scope costs no service request.
 */
export interface PaceScope {
  managed: boolean;
  activeOnly: boolean;
  hidden: boolean;
  owner: string | null;
  market: string | null;
  bedrooms: string | null;
  channel: string | null;
  /** A segment's id: its matched listings. */
  segment: string | null;
  /** A set's id: the listings associated with it (its comp set), not its member listings. */
  set: string | null;
}

export const WHOLE_PORTFOLIO: PaceScope = {
  managed: true,
  activeOnly: false,
  hidden: false,
  owner: null,
  market: null,
  bedrooms: null,
  channel: null,
  segment: null,
  set: null,
};

const flag = z.enum(["true", "false"]).transform((text) => text === "true");
const name = z.string().min(1).max(100);
/** The scope as a query string carries it (the route's half of `scopeSearch`). */
export const paceScopeSchema = z
  .object({
    managed: flag.default(true),
    activeOnly: flag.default(false),
    hidden: flag.default(false),
    owner: name.optional(),
    market: name.optional(),
    bedrooms: name.optional(),
    channel: name.optional(),
    segment: name.optional(),
    set: name.optional(),
  })
  .transform((q): PaceScope => ({
    managed: q.managed,
    activeOnly: q.activeOnly,
    hidden: q.hidden,
    owner: q.owner ?? null,
    market: q.market ?? null,
    bedrooms: q.bedrooms ?? null,
    channel: q.channel ?? null,
    segment: q.segment ?? null,
    set: q.set ?? null,
  }));

/** The scope's query parameters: only those that differ from the whole portfolio. */
export function scopeSearch(scope: PaceScope): Record<string, string> {
  const search: Record<string, string> = {};
  for (const key of Object.keys(WHOLE_PORTFOLIO) as Array<keyof PaceScope>)
    if (scope[key] !== WHOLE_PORTFOLIO[key] && scope[key] !== null) search[key] = String(scope[key]);
  return search;
}

export const isWholePortfolio = (scope: PaceScope) => Object.keys(scopeSearch(scope)).length === 0;

/** What a scope reads of a listing record: the mirror's columns and the record as sent. */
export interface ScopedListing {
  listingId: string;
  channel: string;
  marketId: string | null;
  bedrooms: number | null;
  hidden: boolean;
  body: unknown;
}

/** Bedrooms as a group name: `0` for a studio, then `1`, `2`, … as the record says. */
export const bedroomsGroup = (bedrooms: number | null) => (bedrooms === null ? null : String(bedrooms));

/** A segment or set as the mirror holds it: the svc ids of the account's listings in it. */
export interface ScopeGroup {
  kind: "segment" | "set";
  id: string;
  name: string | null;
  listingIds: readonly string[];
}

// Each group's ids as a set, made once per group read: a scope asks it of every listing.
const idSets = new WeakMap<ScopeGroup, ReadonlySet<string>>();
function idsOf(group: ScopeGroup): ReadonlySet<string> {
  let ids = idSets.get(group);
  if (!ids) idSets.set(group, (ids = new Set(group.listingIds)));
  return ids;
}

/** In the named group; a group the mirror does not hold (not read yet, or gone) holds nothing. */
function inGroup(groups: readonly ScopeGroup[], kind: ScopeGroup["kind"], id: string, listingId: string) {
  const group = groups.find((g) => g.kind === kind && g.id === id);
  return group !== undefined && idsOf(group).has(listingId);
}

export function inScope(
  listing: ScopedListing,
  accountId: string,
  scope: PaceScope,
  groups: readonly ScopeGroup[] = [],
): boolean {
  if (listing.hidden && !scope.hidden) return false;
  if (
    !matchesListingFilters(listing.body, accountId, {
      include_managed_listings: scope.managed,
      exclude_inactive: scope.activeOnly,
      owner_user_id: scope.owner ?? undefined,
    })
  )
    return false;
  if (scope.market !== null && listing.marketId !== scope.market) return false;
  if (scope.bedrooms !== null && bedroomsGroup(listing.bedrooms) !== scope.bedrooms) return false;
  if (scope.channel !== null && listing.channel !== scope.channel) return false;
  if (scope.segment !== null && !inGroup(groups, "segment", scope.segment, listing.listingId)) return false;
  if (scope.set !== null && !inGroup(groups, "set", scope.set, listing.listingId)) return false;
  return true;
}

/** The choices a scope offers, from the listings there are: no choice that would count nothing. */
export interface ScopeChoices {
  owners: Array<{ id: string; name: string }>;
  markets: Array<{ id: string; name: string }>;
  bedrooms: string[];
  channels: string[];
  segments: Array<{ id: string; name: string }>;
  sets: Array<{ id: string; name: string }>;
}

/** The groups of a kind holding at least one of the listings, by the service's names. */
function groupChoices(groups: readonly ScopeGroup[], kind: ScopeGroup["kind"], held: ReadonlySet<string>) {
  return groups
    .filter((g) => g.kind === kind && g.listingIds.some((id) => held.has(id)))
    .map((g) => ({ id: g.id, name: g.name ?? g.id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function scopeChoices(
  listings: readonly ScopedListing[],
  groups: readonly ScopeGroup[] = [],
): ScopeChoices {
  const owners = new Map<string, string>();
  const markets = new Map<string, string>();
  const bedrooms = new Set<string>();
  const channels = new Set<string>();
  const held = new Set(listings.map((l) => l.listingId));
  for (const l of listings) {
    const id = field(l.body, "owner_user", "id");
    if (typeof id === "string" && !owners.has(id)) {
      const first = field(l.body, "owner_user", "first_name");
      const last = field(l.body, "owner_user", "last_name");
      const email = field(l.body, "owner_user", "email");
      const full = [first, last].filter((part) => typeof part === "string" && part !== "").join(" ");
      owners.set(id, full || (typeof email === "string" ? email : id));
    }
    const market = field(l.body, "market_name");
    if (l.marketId !== null && !markets.has(l.marketId))
      markets.set(l.marketId, typeof market === "string" && market !== "" ? market : l.marketId);
    const group = bedroomsGroup(l.bedrooms);
    if (group !== null) bedrooms.add(group);
    channels.add(l.channel);
  }
  return {
    owners: [...owners]
      .map(([id, ownerName]) => ({ id, name: ownerName }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    markets: [...markets]
      .map(([id, marketName]) => ({ id, name: marketName }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    bedrooms: [...bedrooms].sort((a, b) => Number(a) - Number(b)),
    channels: [...channels].sort(),
    segments: groupChoices(groups, "segment", held),
    sets: groupChoices(groups, "set", held),
  };
}
