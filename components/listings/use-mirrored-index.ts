"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { listingsReadSince } from "@/lib/listing/queries";
import { mirrorListingsQuery, withMirror, type MirroredIndex } from "@/lib/listings/mirror-listings";
import type { PortfolioIndex } from "@/lib/listings/portfolio-index";
import type { PortfolioFilters } from "@/lib/listings/queries";

/**
 * A large portfolio made whole by the account's mirror, when it holds the listing records:
 * the Listings page then sorts, filters, selects and exports every listing for no further
 * service request. null while the portfolio fits in a page (read whole live anyway), or the
 * account has no mirror, or it has not read the list yet: the page then works a service
 * page at a time, as before.
 */
export function useMirroredIndex(
  index: PortfolioIndex | null,
  filters: PortfolioFilters,
): MirroredIndex | null {
  const queryClient = useQueryClient();
  const large = index !== null && !index.complete;
  const mirror = useQuery({ ...mirrorListingsQuery(filters), enabled: large });
  const mirrored = mirror.data ?? null;
  if (!large || !index || !mirrored) return null;
  // Read on every render, as the live index is: a write's re-read lands with the pages it
  // invalidates, which render the page again.
  return withMirror(index, mirrored, listingsReadSince(queryClient, Date.parse(mirrored.asOf)));
}
