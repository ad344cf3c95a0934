import { z } from "zod";
import { listingScopedQuery } from "@/lib/svc/schemas/common";
import { listListingsQuery, listing } from "@/lib/svc/schemas/listings";
import { endpoint } from "@/lib/svc/endpoint";

/** Listings group: portfolio and per-listing data. Paths as in docs/interface.md. */
export const listingEndpoints = {
  "listings.list": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings",
    summary: "The caller's portfolio: owned and (by default) managed listings",
    query: listListingsQuery,
    response: z.array(listing),
    paginated: true,
    listingScoped: false,
  }),
  "listings.get": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}",
    summary: "One listing",
    query: listingScopedQuery,
    response: listing,
  }),
} as const;
