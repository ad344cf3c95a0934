import { parseAsBoolean, parseAsString } from "nuqs";
import type { Listing } from "@/lib/svc/schemas/listings";

/**
 * The portfolio's filters, in the URL so a filtered view can be bookmarked and shared; the
 * Listings page and the portfolio calendar read the same ones, so moving between them keeps
 * the same listings.
 */
export const portfolioFilterParsers = {
  managed: parseAsBoolean.withDefault(true),
  activeOnly: parseAsBoolean.withDefault(false),
  hidden: parseAsBoolean.withDefault(false),
  owner: parseAsString,
};

/** The filters the service applies (the hidden toggle is applied to the answer). */
export function serviceFiltersOf(filters: { managed: boolean; activeOnly: boolean; owner: string | null }) {
  return {
    include_managed_listings: filters.managed,
    exclude_inactive: filters.activeOnly || undefined,
    owner_user_id: filters.owner ?? undefined,
  };
}

/** `exclude_inactive` does not remove hidden listings: the dashboard filters on `is_hidden`. */
export function visibleListings(listings: Listing[], showHidden: boolean): Listing[] {
  return showHidden ? listings : listings.filter((l) => !l.is_hidden);
}
