"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { listingsReadSince } from "@/lib/listing/queries";
import type { MarketOccupancy } from "@/lib/listings/against-market";
import { mirrorListingsQuery, withMirror, type MirroredIndex } from "@/lib/listings/mirror-listings";
import type { PortfolioIndex } from "@/lib/listings/portfolio-index";
import type { PortfolioFilters } from "@/lib/listings/queries";

export interface MirroredPortfolio {
  /**
   * A large portfolio made whole by the account's mirror, when it holds the listing records:
   * the Listings page then sorts, filters, searches, selects and exports every listing for no
   * further service request. null while the portfolio fits in a page (read whole live anyway),
   * or the account has no mirror, or it has not read the list yet: the page then works a
   * service page at a time, as before.
   */
  index: MirroredIndex | null;
  /** The markets' occupancy the mirror holds; null while it is not known (no mirror, or being read). */
  marketOccupancy: MarketOccupancy[] | null;
}

/** The mirror's side of the portfolio: its own route, never a service request. */
export function useMirroredIndex(index: PortfolioIndex | null, filters: PortfolioFilters): MirroredPortfolio {
  const queryClient = useQueryClient();
  const large = index !== null && !index.complete;
  // Read for every portfolio: the market's figures serve a small one too.
  const mirror = useQuery({ ...mirrorListingsQuery(filters), enabled: index !== null });
  const mirrored = mirror.data ?? null;
  const marketOccupancy = mirror.isSuccess ? (mirrored?.marketOccupancy ?? []) : null;
  if (!large || !index || !mirrored) return { index: null, marketOccupancy };
  // Read on every render, as the live index is: a write's re-read lands with the pages it
  // invalidates, which render the page again.
  return {
    index: withMirror(index, mirrored, listingsReadSince(queryClient, Date.parse(mirrored.asOf))),
    marketOccupancy,
  };
}
