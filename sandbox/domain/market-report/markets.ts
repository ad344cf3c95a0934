/**
 * Markets as the market report shows them: which markets a caller sees, their postal codes
 * (derived from the seeded neighbourhoods) and their bedrooms groups (derived from the
 * market's listings).
 */
import type { BedroomGroup, BedroomsParam, Market } from "../../../lib/svc/schemas/market-report";
import type { SandboxContext } from "../../context";
import { distanceKm } from "../../data/seed/geo";
import { MARKET_PROFILES, type MarketProfile } from "../../data/seed/markets";
import { ApiError } from "../api-error";
import { accessibleListings } from "../listings";

export interface MarketRow {
  id: string;
  name: string;
  country: string;
  currency: string;
  bedroom_groups: string;
}

export interface MarketListing {
  listing_id: string;
  bedrooms: number | null;
  latitude: number;
  longitude: number;
  base_price: number;
  metrics: Record<string, number | null>;
}

/** Ids of the markets of the caller's listings, their own and those shared with them. */
function callerMarketIds(ctx: SandboxContext, userId: string): Set<string> {
  return new Set(accessibleListings(ctx, userId, true).map(({ row }) => row.market_id));
}

/** A market of the caller's listings; any other id answers 404 like an unknown one. */
export function requireMarket(ctx: SandboxContext, userId: string, marketId: string): MarketRow {
  const row = ctx.db.prepare(`SELECT * FROM markets WHERE id = ?`).get(marketId) as MarketRow | undefined;
  if (!row || !callerMarketIds(ctx, userId).has(marketId)) {
    throw new ApiError(404, "market_not_found", `No market ${marketId} among your listings' markets.`);
  }
  return row;
}

export function marketListings(ctx: SandboxContext, marketId: string): MarketListing[] {
  const rows = ctx.db
    .prepare(
      `SELECT listing_id, bedrooms, latitude, longitude, base_price, metrics FROM market_listings
       WHERE market_id = ? ORDER BY listing_id`,
    )
    .all(marketId) as Array<Omit<MarketListing, "metrics"> & { metrics: string }>;
  return rows.map((r) => ({ ...r, metrics: JSON.parse(r.metrics) as Record<string, number | null> }));
}

/** Postal code of each neighbourhood, in the country's format; synthetic but stable. */
const LONDON_DISTRICTS = ["WC2E", "W1U", "E2", "W11", "NW1", "N1", "W8", "SE1", "E8", "SW4", "SE10", "SW1"];
function postalCodeOf(profile: MarketProfile, index: number): string {
  switch (profile.id) {
    case "mkt_austin":
      return String(78701 + index);
    case "mkt_miami_beach":
      return String(33139 + index);
    case "mkt_lisbon":
      return `${1100 + 50 * index}-${String(100 + 7 * index).padStart(3, "0")}`;
    default:
      return LONDON_DISTRICTS[index] ?? `${profile.id.slice(4, 7).toUpperCase()}${index + 1}`;
  }
}

/** Each listing counts toward the postal code of its nearest neighbourhood. */
function postalCodes(profile: MarketProfile, listings: readonly MarketListing[]): Market["postal_codes"] {
  const counts = new Array<number>(profile.neighborhoods.length).fill(0);
  for (const l of listings) {
    let best = 0;
    let bestKm = Infinity;
    profile.neighborhoods.forEach((nb, i) => {
      const km = distanceKm(nb, { lat: l.latitude, lng: l.longitude });
      if (km < bestKm) [best, bestKm] = [i, km];
    });
    counts[best]! += 1;
  }
  return profile.neighborhoods.map((nb, i) => ({
    postal_code: postalCodeOf(profile, i),
    latlong: [nb.lat, nb.lng] as [number, number],
    listing_count: counts[i]!,
  }));
}

/** GET /market_report: the caller's markets, without any geometry. */
export function listMarkets(ctx: SandboxContext, userId: string): Market[] {
  const ids = callerMarketIds(ctx, userId);
  const rows = ctx.db.prepare(`SELECT * FROM markets ORDER BY name`).all() as MarketRow[];
  return rows
    .filter((row) => ids.has(row.id))
    .map((row) => {
      const listings = marketListings(ctx, row.id);
      const profile = MARKET_PROFILES.find((p) => p.id === row.id);
      return {
        id: row.id,
        name: row.name,
        country: row.country,
        currency: row.currency,
        listing_count: listings.length,
        postal_codes: profile ? postalCodes(profile, listings) : [],
      };
    });
}

/** Whether a listing belongs to a group: `6+` and `2+` gather that count and up. */
export function inGroup(group: BedroomGroup, bedrooms: number | null): boolean {
  if (bedrooms === null) return false;
  if (group.endsWith("+")) return bedrooms >= Number(group.slice(0, -1));
  return bedrooms === Number(group);
}

/** The market's groups (its breakdown scheme) that have listings, with their counts. */
export function bedroomGroupsOf(
  market: MarketRow,
  listings: readonly MarketListing[],
): Array<{ group: BedroomGroup; listing_count: number }> {
  const scheme = JSON.parse(market.bedroom_groups) as BedroomGroup[];
  return scheme
    .map((group) => ({ group, listing_count: listings.filter((l) => inGroup(group, l.bedrooms)).length }))
    .filter((g) => g.listing_count > 0);
}

/**
 * The listings a `bedrooms` parameter selects: all without it; `4+` reads the `4` group
 * (markets split into 4, 5 and 6+). A group the market lacks answers 400 naming its groups.
 */
export function selectBedrooms(
  market: MarketRow,
  listings: readonly MarketListing[],
  bedrooms: BedroomsParam | undefined,
): MarketListing[] {
  if (bedrooms === undefined) return [...listings];
  const groups = bedroomGroupsOf(market, listings).map((g) => g.group);
  const group = (bedrooms === "4+" ? "4" : bedrooms) as BedroomGroup;
  if (!groups.includes(group)) {
    const list = groups.join(", ");
    throw new ApiError(
      400,
      "invalid_query",
      `${market.name} has no ${bedrooms} bedrooms group; its groups are ${list}.`,
      {
        fields: [{ field: "bedrooms", message: `expected one of the market's groups: ${list}` }],
        groups,
      },
    );
  }
  return listings.filter((l) => inGroup(group, l.bedrooms));
}
