import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import { queryKeys } from "@/lib/queries/keys";
import { listingFromPortfolio } from "@/lib/listing/queries";

const listing = (svcId: string, name: string) =>
  ({ svc_id: svcId, id: `ch-${svcId}`, name, access_level: "owner" }) as unknown as Listing;

describe("the listing from the portfolio's cache", () => {
  it("finds the listing in a cached portfolio list with when that list was read", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.listings.list({}), [listing("1", "A"), listing("2", "B")], {
      updatedAt: 1_000,
    });
    expect(listingFromPortfolio(client, "2")).toEqual({ listing: listing("2", "B"), updatedAt: 1_000 });
  });

  it("prefers the most recently read list when several hold the listing", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.listings.list({}), [listing("1", "old")], { updatedAt: 1_000 });
    client.setQueryData(queryKeys.listings.list({ exclude_inactive: true }), [listing("1", "new")], {
      updatedAt: 2_000,
    });
    expect(listingFromPortfolio(client, "1")?.listing.name).toBe("new");
  });

  it("ignores the portfolio KPI answers kept under the same prefix", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.listings.portfolioKpis({ metric: "adr" }), [
      { listing_id: "1", partner_listing_id: "x", value: 1, currency: "USD" },
    ]);
    expect(listingFromPortfolio(client, "1")).toBeUndefined();
  });

  it("has nothing for a listing no cached list holds", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.listings.list({}), [listing("1", "A")]);
    expect(listingFromPortfolio(client, "9")).toBeUndefined();
  });
});
