import { z } from "zod";
import { field, matchesListingFilters } from "@/lib/listings/listing-filters";

/**
 * Which listings Pace counts: the Listings page's filters (managed, active only, hidden, owner,
 * under the same URL names, so moving between the pages keeps the same listings) and the
 * listing's market, bedrooms and channel. Resolved from the mirror's listing records, so a
 * scope costs no service request.
 */
export interface PaceScope {
  managed: boolean;
  activeOnly: boolean;
  hidden: boolean;
  owner: string | null;
  market: string | null;
  bedrooms: string | null;
  channel: string | null;
}

export const WHOLE_PORTFOLIO: PaceScope = {
  managed: true,
  activeOnly: false,
  hidden: false,
  owner: null,
  market: null,
  bedrooms: null,
  channel: null,
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
  })
  .transform((q): PaceScope => ({
    managed: q.managed,
    activeOnly: q.activeOnly,
    hidden: q.hidden,
    owner: q.owner ?? null,
    market: q.market ?? null,
    bedrooms: q.bedrooms ?? null,
    channel: q.channel ?? null,
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

export function inScope(listing: ScopedListing, accountId: string, scope: PaceScope): boolean {
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
  return true;
}

/** The choices a scope offers, from the listings there are: no choice that would count nothing. */
export interface ScopeChoices {
  owners: Array<{ id: string; name: string }>;
  markets: Array<{ id: string; name: string }>;
  bedrooms: string[];
  channels: string[];
}

export function scopeChoices(listings: readonly ScopedListing[]): ScopeChoices {
  const owners = new Map<string, string>();
  const markets = new Map<string, string>();
  const bedrooms = new Set<string>();
  const channels = new Set<string>();
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
  };
}
