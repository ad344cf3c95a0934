import type { Listing } from "@/lib/svc/schemas/listings";
import type { Market } from "@/lib/svc/schemas/market-report";
import { formatCount } from "@/lib/format/numbers";

/** The markets list and a market's header: the service's markets beside my own listings. */

export interface MarketRow {
  id: string;
  name: string;
  country: string;
  /** "United States"; the code itself where the browser has no name for it. */
  countryName: string;
  currency: string;
  listingCount: number;
  /** My listings (owned and managed) in the market. */
  mine: number;
  postalCodeCount: number;
}

let regionNames: Intl.DisplayNames | null = null;

export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** My listings per market id. */
export function listingsByMarket<L extends Pick<Listing, "market_id">>(
  listings: readonly L[],
): Map<string, L[]> {
  const byMarket = new Map<string, L[]>();
  for (const listing of listings) {
    const list = byMarket.get(listing.market_id) ?? [];
    list.push(listing);
    byMarket.set(listing.market_id, list);
  }
  return byMarket;
}

/** One row per market, in the service's order; `mine` is null while my listings load. */
export function marketRows(
  markets: readonly Market[],
  listings: ReadonlyArray<Pick<Listing, "market_id">> | null,
): Array<Omit<MarketRow, "mine"> & { mine: number | null }> {
  const byMarket = listings ? listingsByMarket(listings) : null;
  return markets.map((m) => ({
    id: m.id,
    name: m.name,
    country: m.country,
    countryName: countryName(m.country),
    currency: m.currency,
    listingCount: m.listing_count,
    mine: byMarket ? (byMarket.get(m.id)?.length ?? 0) : null,
    postalCodeCount: m.postal_codes.length,
  }));
}

/** The currencies a market's figures can be converted into: those of the caller's markets. */
export function reportCurrencies(markets: ReadonlyArray<Pick<Market, "currency">>): string[] {
  return [...new Set(markets.map((m) => m.currency))].sort();
}

/** "1 listing", "12 listings". */
export const listingCount = (n: number) => `${formatCount(n)} ${n === 1 ? "listing" : "listings"}`;
