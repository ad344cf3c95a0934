import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { mirrorListingsQuery, type MirrorListings } from "@/lib/listings/mirror-listings";
import {
  DEFAULT_PORTFOLIO_FILTERS,
  listingNameOf,
  listingNamesQuery,
  marketNameOf,
  portfolioPagesQuery,
  portfolioQuery,
  type ListingPage,
} from "@/lib/listings/queries";
import type { Listing } from "@/lib/svc/schemas/listings";

const listing = (id: number): Listing =>
  ({
    svc_id: String(id),
    name: `Listing named ${id}`,
    market_id: "mkt_lisbon",
    market_name: "Lisbon",
  }) as Listing;
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => listing(from + i));

/**
 * A client with no way to the service: a read this query makes would fail the test, so each
 * answer below comes from what other pages already read.
 */
function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

describe("listing names for a page that knows listings only by id", () => {
  it("come from the whole portfolio another page read, with no request", async () => {
    const queryClient = client();
    queryClient.setQueryData(portfolioQuery(DEFAULT_PORTFOLIO_FILTERS).queryKey, {
      rows: range(1000001, 3),
      notice: null,
    });
    const names = await queryClient.fetchQuery(listingNamesQuery());
    expect(listingNameOf(names, "1000002")).toBe("Listing named 1000002");
    expect(listingNameOf(names, "9999999")).toBeUndefined();
    expect(marketNameOf(names, "mkt_lisbon")).toBe("Lisbon");
  });

  it("of a portfolio larger than the pages read, come from those pages and the mirror, the pages' copy first", async () => {
    const queryClient = client();
    const first: ListingPage = { listings: range(1000001, 100), page: 1, total: 1500 };
    queryClient.setQueryData(portfolioPagesQuery(DEFAULT_PORTFOLIO_FILTERS).queryKey, {
      pages: [first],
      pageParams: [1],
    });
    const renamed = { ...listing(1000001), name: "An old name" };
    const mirror: MirrorListings = {
      listings: [renamed, ...range(1000101, 1400)],
      asOf: "2026-11-28T08:00:00Z",
      notice: null,
    };
    queryClient.setQueryData(mirrorListingsQuery(DEFAULT_PORTFOLIO_FILTERS).queryKey, mirror);
    const names = await queryClient.fetchQuery(listingNamesQuery());
    expect(listingNameOf(names, "1000001")).toBe("Listing named 1000001");
    expect(listingNameOf(names, "1001400")).toBe("Listing named 1001400");
  });

  it('are looked up by own keys only: an id like "constructor" names no listing', () => {
    expect(listingNameOf({}, "constructor")).toBeUndefined();
    expect(listingNameOf(undefined, "1000001")).toBeUndefined();
  });
});
