import { beforeAll, describe, expect, it } from "vitest";
import { createSerializer } from "nuqs";
import { call, makeSandbox, personaKeys } from "@/sandbox/test-support";
import {
  isSearching,
  listingSearchParsers,
  matchesSearch,
  NO_SEARCH,
  searchChoices,
  searchListings,
} from "@/lib/listings/search";
import type { Listing } from "@/lib/svc/schemas/listings";

/**
 * The Listings page's search and filters, over the reference service's own listings (the
 * owner's portfolio as GET /listings answers it).
 */
let listings: Listing[];

beforeAll(async () => {
  const sandbox = makeSandbox();
  const { owner } = await personaKeys(sandbox);
  listings = (await call(sandbox, "GET", "/listings?per_page=100", { key: owner.keys.standard })).json;
});

describe("the search in the URL", () => {
  const serialize = createSerializer(listingSearchParsers);

  it("writes only what narrows the listings, under the names Pace uses", () => {
    expect(serialize({ q: "", market: null, bedrooms: null, channel: null, tag: null })).toBe("");
    const url = serialize({ q: "sea view", market: "mkt_1", bedrooms: "2", channel: "airbnb", tag: "pool" });
    const params = new URLSearchParams(url.slice(1));
    expect(Object.fromEntries(params)).toEqual({
      q: "sea view",
      market: "mkt_1",
      bedrooms: "2",
      channel: "airbnb",
      tag: "pool",
    });
  });

  it("reads back what it wrote, and an absent parameter as no filter", () => {
    const params = new URLSearchParams("q=loft&bedrooms=0");
    expect(listingSearchParsers.q.parseServerSide(params.get("q") ?? undefined)).toBe("loft");
    expect(listingSearchParsers.bedrooms.parse(params.get("bedrooms")!)).toBe("0");
    expect(listingSearchParsers.q.parseServerSide(undefined)).toBe("");
    expect(listingSearchParsers.market.parseServerSide(undefined)).toBeNull();
  });

  it("says when the search narrows the listings", () => {
    expect(isSearching(NO_SEARCH)).toBe(false);
    expect(isSearching({ ...NO_SEARCH, q: "   " })).toBe(false);
    expect(isSearching({ ...NO_SEARCH, q: "x" })).toBe(true);
    expect(isSearching({ ...NO_SEARCH, tag: "pool" })).toBe(true);
  });
});

describe("matching a listing", () => {
  it("finds listings by a word of their name, whatever its case, and only those", () => {
    const target = listings[3]!;
    const word = target.name
      .split(/\s+/)
      .find((w) => w.length > 3)!
      .toUpperCase();
    const found = searchListings(listings, { ...NO_SEARCH, q: word });
    expect(found).toContain(target);
    for (const l of found) expect(l.name.toLowerCase()).toContain(word.toLowerCase());
    expect(found.length).toBeLessThan(listings.length);
  });

  it("needs every word typed, in any order", () => {
    const target = listings[5]!;
    const words = target.name.split(/\s+/).slice(0, 2).reverse().join(" ");
    expect(searchListings(listings, { ...NO_SEARCH, q: words })).toContain(target);
    expect(searchListings(listings, { ...NO_SEARCH, q: `${words} zzqxj` })).toEqual([]);
  });

  it("finds a listing by the service's id and by the channel's", () => {
    const target = listings[7]!;
    expect(searchListings(listings, { ...NO_SEARCH, q: target.svc_id })).toEqual([target]);
    const byChannelId = searchListings(listings, { ...NO_SEARCH, q: target.id });
    expect(byChannelId).toContain(target);
  });

  it("finds a name without its accents", () => {
    const accented = { ...listings[0]!, name: "Caf\u00e9 Loft" };
    expect(matchesSearch(accented, { ...NO_SEARCH, q: "cafe" })).toBe(true);
  });

  it("keeps every listing, in its order, when nothing narrows them", () => {
    expect(searchListings(listings, NO_SEARCH)).toBe(listings);
  });
});

describe("each filter", () => {
  it("by market keeps that market's listings only", () => {
    const market = listings[0]!.market_id;
    const found = searchListings(listings, { ...NO_SEARCH, market });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((l) => l.market_id === market)).toBe(true);
    expect(found).toHaveLength(listings.filter((l) => l.market_id === market).length);
  });

  it("by bedrooms keeps that count only, 0 for a studio", () => {
    const count = listings.find((l) => l.bedrooms !== null)!.bedrooms!;
    const found = searchListings(listings, { ...NO_SEARCH, bedrooms: String(count) });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((l) => l.bedrooms === count)).toBe(true);
    expect(matchesSearch({ ...listings[0]!, bedrooms: 0 }, { ...NO_SEARCH, bedrooms: "0" })).toBe(true);
    expect(matchesSearch({ ...listings[0]!, bedrooms: null }, { ...NO_SEARCH, bedrooms: "0" })).toBe(false);
  });

  it("by channel keeps that channel only", () => {
    const channel = listings[0]!.channel;
    const found = searchListings(listings, { ...NO_SEARCH, channel });
    expect(found.every((l) => l.channel === channel)).toBe(true);
    expect(found).toHaveLength(listings.filter((l) => l.channel === channel).length);
  });

  it("by tag keeps listings carrying it", () => {
    const tag = listings.find((l) => l.tags.length > 0)!.tags[0]!;
    const found = searchListings(listings, { ...NO_SEARCH, tag });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((l) => l.tags.includes(tag))).toBe(true);
  });

  it("filters and words together keep listings matching each", () => {
    const target = listings[2]!;
    const search = { ...NO_SEARCH, market: target.market_id, channel: target.channel, q: target.name };
    const found = searchListings(listings, search);
    expect(found).toContain(target);
    expect(found.every((l) => l.market_id === target.market_id && l.channel === target.channel)).toBe(true);
  });
});

describe("the filters' choices", () => {
  it("offer the values the listings carry, each once, markets by name", () => {
    const choices = searchChoices(listings);
    expect(choices.markets.map((m) => m.value).sort()).toEqual(
      [...new Set(listings.map((l) => l.market_id))].sort(),
    );
    expect(choices.markets.find((m) => m.value === listings[0]!.market_id)!.label).toBe(
      listings[0]!.market_name,
    );
    expect(new Set(choices.channels.map((c) => c.value))).toEqual(new Set(listings.map((l) => l.channel)));
  });

  it("keep the value a shared link chose even when no listing read carries it", () => {
    const choices = searchChoices(listings, { ...NO_SEARCH, market: "mkt_elsewhere", tag: "nowhere" });
    expect(choices.markets.map((m) => m.value)).toContain("mkt_elsewhere");
    expect(choices.tags.map((t) => t.value)).toContain("nowhere");
  });
});
