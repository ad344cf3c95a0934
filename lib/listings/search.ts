import { parseAsString } from "nuqs";
import { channelLabels } from "@/lib/display/channels";
import { labelOf } from "@/lib/display/open-values";
import type { Listing } from "@/lib/svc/schemas/listings";

/**
 * The Listings page's search and its filters by market, bedrooms, channel and tag: applied in
 * the browser to the listings already read (the whole portfolio, the mirror's copy of it, or
 * the pages read so far), so a keystroke costs no service request. Kept in the URL beside the
 * service's own filters, under the names Pace uses for the same scopes (market, bedrooms,
 * channel), so a filtered view can be bookmarked and shared.
 *
 * The pricing tier is not a field of the listing record (GET /listings/{id}/pricing_tier
 * answers it, one request per listing): the page offers no filter by it.
 */
export const listingSearchParsers = {
  /** Words of a listing's name, or an id (the service's or the channel's). */
  q: parseAsString.withDefault(""),
  /** A market's id. */
  market: parseAsString,
  /** A bedroom count as the record says it (`0` for a studio). */
  bedrooms: parseAsString,
  channel: parseAsString,
  tag: parseAsString,
};

export interface ListingSearch {
  q: string;
  market: string | null;
  bedrooms: string | null;
  channel: string | null;
  tag: string | null;
}

export const NO_SEARCH: ListingSearch = { q: "", market: null, bedrooms: null, channel: null, tag: null };

/** The search narrows the listings: some words typed or a filter chosen. */
export const isSearching = (search: ListingSearch) =>
  search.q.trim() !== "" ||
  search.market !== null ||
  search.bedrooms !== null ||
  search.channel !== null ||
  search.tag !== null;

/** Lower case without accents, so that "cafe" finds "Caf\u00e9" (an e with an acute accent). */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * Every word typed is found in the listing's name (the name the table shows, so a row found
 * shows why), or the whole text is part of one of its ids: the service's `svc_id` or the
 * channel's `id`.
 */
export function matchesText(listing: Listing, text: string): boolean {
  const typed = fold(text.trim());
  if (typed === "") return true;
  const ids = [listing.svc_id, listing.id].map(fold);
  if (ids.some((id) => id.includes(typed))) return true;
  const haystack = fold(listing.name);
  return typed.split(/\s+/).every((word) => haystack.includes(word));
}

export const bedroomsKey = (bedrooms: number | null) => (bedrooms === null ? "unknown" : String(bedrooms));

export function matchesSearch(listing: Listing, search: ListingSearch): boolean {
  if (search.market !== null && listing.market_id !== search.market) return false;
  if (search.bedrooms !== null && bedroomsKey(listing.bedrooms) !== search.bedrooms) return false;
  if (search.channel !== null && listing.channel !== search.channel) return false;
  if (search.tag !== null && !listing.tags.includes(search.tag)) return false;
  return matchesText(listing, search.q);
}

/** The listings the search keeps, in their order; the same array when nothing narrows them. */
export function searchListings(listings: Listing[], search: ListingSearch): Listing[] {
  return isSearching(search) ? listings.filter((l) => matchesSearch(l, search)) : listings;
}

export interface Choice {
  value: string;
  label: string;
}

export interface SearchChoices {
  markets: Choice[];
  bedrooms: Choice[];
  channels: Choice[];
  tags: Choice[];
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);

/**
 * The values each filter offers: those the listings read carry, plus the one chosen (a shared
 * link may name one no listing read carries, and the picker must still show it).
 */
export function searchChoices(
  listings: readonly Listing[],
  chosen: ListingSearch = NO_SEARCH,
): SearchChoices {
  const markets = new Map<string, string>();
  const bedrooms = new Map<string, number>();
  const channels = new Set<string>();
  const tags = new Set<string>();
  for (const l of listings) {
    markets.set(l.market_id, l.market_name || l.market_id);
    bedrooms.set(bedroomsKey(l.bedrooms), l.bedrooms ?? Number.POSITIVE_INFINITY);
    channels.add(l.channel);
    for (const tag of l.tags) tags.add(tag);
  }
  if (chosen.market !== null && !markets.has(chosen.market)) markets.set(chosen.market, chosen.market);
  if (chosen.bedrooms !== null && !bedrooms.has(chosen.bedrooms))
    bedrooms.set(chosen.bedrooms, Number(chosen.bedrooms));
  if (chosen.channel !== null) channels.add(chosen.channel);
  if (chosen.tag !== null) tags.add(chosen.tag);
  return {
    markets: [...markets].map(([value, label]) => ({ value, label })).sort(byLabel),
    bedrooms: [...bedrooms]
      .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
      .map(([value]) => ({ value, label: bedroomsLabel(value) })),
    channels: [...channels].map((value) => ({ value, label: labelOf(channelLabels, value) })).sort(byLabel),
    tags: [...tags].map((value) => ({ value, label: value })).sort(byLabel),
  };
}

export function bedroomsLabel(key: string): string {
  if (key === "unknown") return "Not stated";
  if (key === "0") return "Studio";
  return `${key} bedroom${key === "1" ? "" : "s"}`;
}
