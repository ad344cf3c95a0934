import { beforeAll, describe, expect, it } from "vitest";
import type { ListingRow } from "@/sandbox/domain/access";
import { matchesFilter, segmentFilter } from "@/sandbox/domain/segments/filter";
import type { Sandbox } from "@/sandbox/app";
import { allListings, call, makeSandbox, personaKeys, rows, type Personas } from "@/sandbox/test-support";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { Segment } from "@/lib/svc/schemas/segments";
import { marketsWithoutListings, previewFilter } from "@/lib/segments/preview";

// The live preview must say what the service will answer: it is checked here against the
// reference service's own filter function on the seeded portfolio, and against the listings
// a saved segment answers.
let sandbox: Sandbox;
let p: Personas;
let owned: Listing[];
let managed: Listing[];
let rowById: Map<string, ListingRow>;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  owned = await allListings(sandbox, p.owner.keys.standard);
  managed = await allListings(sandbox, p.manager.keys.standard);
  rowById = new Map(rows<ListingRow>(sandbox, `SELECT * FROM listings`).map((r) => [r.svc_id, r]));
});

const ids = (listings: readonly Listing[]) => listings.map((l) => l.svc_id).sort();

/** The reference service's answer for these listings: its own parser and matcher. */
function serviceMatches(listings: readonly Listing[], filter: Record<string, unknown>): string[] {
  const parsed = segmentFilter.parse(filter);
  return ids(listings.filter((l) => matchesFilter(rowById.get(l.svc_id)!, parsed)));
}

/** Filters over every key the builder edits, with values taken from the seeded portfolio. */
function filtersFor(listings: readonly Listing[]): Array<Record<string, unknown>> {
  const markets = [...new Set(listings.map((l) => l.market_id))];
  const tags = [...new Set(listings.flatMap((l) => l.tags))];
  const word = listings[0]!.name.split(" ")[0]!;
  const filters: Array<Record<string, unknown>> = [
    {},
    ...markets.map((id) => ({ market_ids: [id] })),
    { market_ids: markets.slice(0, 2) },
    { channels: ["airbnb"] },
    { channels: ["vrbo", "booking_com"] },
    { bedrooms_min: 2 },
    { bedrooms_max: 1 },
    { bedrooms_min: 2, bedrooms_max: 3 },
    { bedrooms_min: 0, bedrooms_max: 0 },
    ...tags.map((tag) => ({ tags_any: [tag] })),
    { tags_any: tags.slice(0, 3) },
    { tags_all: tags.slice(0, 2) },
    { is_active: true },
    { is_active: false },
    { is_hidden: true },
    { is_hidden: false },
    { name_contains: word.toUpperCase() },
    { name_contains: word.toLowerCase().slice(1, 4) },
    { market_ids: [markets[0]!], bedrooms_min: 2, tags_any: tags.slice(0, 2), is_hidden: false },
    { channels: ["airbnb"], is_active: true },
  ];
  return filters;
}

describe("the live preview follows the reference service's rules on the seeded portfolio", () => {
  it("seeds enough variety for the comparison to mean something", () => {
    expect(new Set(owned.map((l) => l.market_id)).size).toBeGreaterThan(1);
    expect(owned.some((l) => l.is_hidden)).toBe(true);
    expect(owned.some((l) => !l.is_active)).toBe(true);
    expect(owned.some((l) => l.tags.length > 0)).toBe(true);
    expect(managed.some((l) => l.access_level !== "owner")).toBe(true);
  });

  it("matches exactly the listings the service's filter function matches, key by key and combined", () => {
    for (const listings of [owned, managed]) {
      for (const filter of filtersFor(listings)) {
        expect(ids(previewFilter(listings, filter).matched), JSON.stringify(filter)).toEqual(
          serviceMatches(listings, filter),
        );
      }
    }
  });

  it("matches the listings a saved segment answers", async () => {
    const tags = [...new Set(owned.flatMap((l) => l.tags))];
    const filter = { bedrooms_min: 1, bedrooms_max: 3, tags_any: tags.slice(0, 2), is_active: true };
    const created = await call<Segment>(sandbox, "POST", "/segments", {
      key: p.owner.keys.standard,
      body: { name: "Preview check", filter_backend: filter },
    });
    expect(created.status).toBe(201);
    const answered = await call<Listing[]>(
      sandbox,
      "GET",
      `/segments/${created.json.id}/listings?per_page=100`,
      {
        key: p.owner.keys.standard,
      },
    );
    expect(ids(previewFilter(owned, filter).matched)).toEqual(ids(answered.json));
    expect(created.json.listing_count).toBe(previewFilter(owned, filter).matched.length);
  });

  it("names the pricing-tier condition it cannot apply and matches as if it were absent", () => {
    const filter = { pricing_tiers: ["Pro Flex"], channels: ["airbnb"] };
    const preview = previewFilter(owned, filter);
    expect(preview.unevaluated.map((u) => u.key)).toEqual(["pricing_tiers"]);
    expect(ids(preview.matched)).toEqual(serviceMatches(owned, { channels: ["airbnb"] }));
  });

  it("names keys it does not know, and known keys with a value it cannot read, without guessing", () => {
    const preview = previewFilter(owned, { min_rating: 4.5, bedrooms_min: "three", is_active: true });
    expect(preview.unevaluated.map((u) => u.key).sort()).toEqual(["bedrooms_min", "min_rating"]);
    expect(ids(preview.matched)).toEqual(serviceMatches(owned, { is_active: true }));
  });

  it("points out market ids none of my listings is in", () => {
    const market = owned[0]!.market_id;
    expect(marketsWithoutListings({ market_ids: [market, "mkt_nowhere"] }, owned)).toEqual(["mkt_nowhere"]);
    expect(marketsWithoutListings({ market_ids: "not a list" }, owned)).toEqual([]);
  });
});
