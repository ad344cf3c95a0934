import type { Listing } from "../../svc/schemas/listings";
import type { BulkCustomRatesResult } from "../../svc/schemas/custom-rates";
import { MAX_BULK_LISTINGS } from "../../svc/schemas/custom-rates";
import type { Permission } from "../../listings/display";
import { READ_ONLY_CUSTOM_RATES_REASON } from "./form";

/**
 * Applying one custom rate to several listings from the portfolio (bulk PUT): which of the
 * selected listings are sent, how the call is addressed, and each listing's result in words.
 */

/** The path listing plus `listing_ids`: one bulk call names at most this many listings. */
export const MAX_BULK_TARGETS = MAX_BULK_LISTINGS + 1;

export interface BulkPlan {
  /** Listings the caller may change, sent in the call. */
  targets: Listing[];
  /** Viewers' listings: the service would refuse them, so they are not sent (and said so). */
  viewOnly: Listing[];
  /** Distinct currencies of the targets: a fixed price means a different amount in each. */
  currencies: string[];
}

export function planBulk(listings: readonly Listing[]): BulkPlan {
  const targets = listings.filter((l) => l.access_level !== "viewer");
  return {
    targets,
    viewOnly: listings.filter((l) => l.access_level === "viewer"),
    currencies: [...new Set(targets.map((l) => l.currency))].sort(),
  };
}

/** Whether the selection can be sent at all, and why not. */
export function bulkPermission(plan: BulkPlan, selected: number, readOnly: boolean): Permission {
  if (readOnly) return { allowed: false, reason: READ_ONLY_CUSTOM_RATES_REASON };
  if (selected === 0) return { allowed: false, reason: "Select the listings to apply a custom rate to." };
  if (plan.targets.length === 0) {
    return {
      allowed: false,
      reason: "You have view-only access to every selected listing: their custom rates cannot be changed.",
    };
  }
  if (plan.targets.length > MAX_BULK_TARGETS) {
    return {
      allowed: false,
      reason: `One bulk change takes at most ${MAX_BULK_TARGETS} listings; ${plan.targets.length} are selected.`,
    };
  }
  return { allowed: true };
}

/**
 * The call's address: the path names the first target, `listing_ids` the rest (the service
 * applies the change to both). A single target has no `listing_ids` (the bulk body needs at
 * least one), so it is sent as a plain PUT instead.
 */
export function bulkAddress(targets: readonly Listing[]): { pathId: string; listingIds: string[] } {
  const [first, ...rest] = targets;
  if (!first) throw new Error("a bulk change needs at least one listing");
  return { pathId: first.svc_id, listingIds: rest.map((l) => l.svc_id) };
}

export type ListingResult =
  | { listing: Listing; outcome: "applied"; periods: number }
  | { listing: Listing; outcome: "refused"; reason: string }
  | { listing: Listing; outcome: "not_sent"; reason: string };

export const VIEW_ONLY_NOT_SENT = "Not sent: you have view-only access to this listing.";

/**
 * One row per selected listing, in the selection's order: applied (with the periods now in
 * force), refused with the service's reason, or not sent. A listing the answer does not
 * mention is reported as refused rather than silently dropped.
 */
export function bulkResults(plan: BulkPlan, result: BulkCustomRatesResult): ListingResult[] {
  const applied = new Map(result.results.map((r) => [r.listing_id, r.custom_rates.length]));
  const refused = new Map(result.errors.map((e) => [e.listing_id, e.error.message]));
  const rows: ListingResult[] = plan.targets.map((listing) => {
    const periods = applied.get(listing.svc_id);
    if (periods !== undefined) return { listing, outcome: "applied", periods };
    return {
      listing,
      outcome: "refused",
      reason: refused.get(listing.svc_id) ?? "The service did not report a result for this listing.",
    };
  });
  return [
    ...rows,
    ...plan.viewOnly.map((listing) => ({
      listing,
      outcome: "not_sent" as const,
      reason: VIEW_ONLY_NOT_SENT,
    })),
  ];
}
