import type { Listing } from "@/lib/svc/schemas/listings";
import type { BulkCustomRatesResult } from "@/lib/svc/schemas/custom-rates";
import { MAX_BULK_LISTINGS } from "@/lib/svc/schemas/limits";
import { canWriteListing } from "@/lib/access/listing-access";
import type { Permission } from "@/lib/access/permission";
import type { ChunkOutcome } from "@/lib/queries/paced-chunks";
import { READ_ONLY_CUSTOM_RATES_REASON } from "@/lib/listing/custom-rates/permission";
import { formatCount } from "@/lib/format/numbers";

/**
 * Applying one custom rate to several listings from the portfolio (bulk PUT): which of the
 * selected listings are sent, how the call is addressed, and each listing's result in words.
 */

/**
 * The path listing plus `listing_ids`: one bulk call names at most this many listings. A
 * larger selection is sent in chunks of this size (bulk-send.ts), so it is a chunk size, not
 * a cap on the selection.
 */
export const MAX_BULK_TARGETS = MAX_BULK_LISTINGS + 1;

export interface BulkPlan {
  /** Listings the caller may change, sent in the call. */
  targets: Listing[];
  /**
   * Listings the caller may only read (viewers, and levels we do not know): the service may
   * refuse them, so they are not sent (and said so).
   */
  viewOnly: Listing[];
  /** Distinct currencies of the targets: a fixed price means a different amount in each. */
  currencies: string[];
}

export function planBulk(listings: readonly Listing[]): BulkPlan {
  const targets = listings.filter((l) => canWriteListing(l.access_level));
  return {
    targets,
    viewOnly: listings.filter((l) => !canWriteListing(l.access_level)),
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
export const CANCELLED_NOT_SENT = "Not sent: you cancelled before this listing's turn.";
export const NOT_REPORTED = "The service did not report a result for this listing.";

/**
 * One line per listing of one call, in the call's order: applied (with the periods now in
 * force) or refused with the service's reason; a call refused or never sent as a whole gives
 * its reason to each of its listings. A listing the answer does not mention is reported as
 * refused rather than silently dropped.
 */
export function chunkResults(
  chunk: readonly Listing[],
  outcome: ChunkOutcome<BulkCustomRatesResult>,
): ListingResult[] {
  if (outcome.kind !== "answered") {
    return chunk.map((listing) => ({ listing, outcome: outcome.kind, reason: outcome.reason }));
  }
  const applied = new Map(outcome.answer.results.map((r) => [r.listing_id, r.custom_rates.length]));
  const refused = new Map(outcome.answer.errors.map((e) => [e.listing_id, e.error.message]));
  return chunk.map((listing) => {
    const periods = applied.get(listing.svc_id);
    if (periods !== undefined) return { listing, outcome: "applied", periods };
    return { listing, outcome: "refused", reason: refused.get(listing.svc_id) ?? NOT_REPORTED };
  });
}

/** The view-only listings of the selection, never sent, as result lines. */
export function viewOnlyResults(plan: BulkPlan): ListingResult[] {
  return plan.viewOnly.map((listing) => ({ listing, outcome: "not_sent", reason: VIEW_ONLY_NOT_SENT }));
}

/**
 * One row per selected listing of a change sent as one call, in the selection's order:
 * applied, refused with the service's reason, or not sent.
 */
export function bulkResults(plan: BulkPlan, result: BulkCustomRatesResult): ListingResult[] {
  return [...chunkResults(plan.targets, { kind: "answered", answer: result }), ...viewOnlyResults(plan)];
}

export function resultCounts(results: readonly ListingResult[]) {
  return {
    applied: results.filter((r) => r.outcome === "applied").length,
    refused: results.filter((r) => r.outcome === "refused").length,
    notSent: results.filter((r) => r.outcome === "not_sent").length,
  };
}

const READING_ORDER: Record<ListingResult["outcome"], number> = { refused: 0, not_sent: 1, applied: 2 };

/**
 * The lines in the order they are read: what needs the user's attention (refused, then not
 * sent) before the applied ones, each group in the selection's order. In hundreds of lines a
 * refusal at the bottom would go unseen.
 */
export function attentionFirst(results: readonly ListingResult[]): ListingResult[] {
  return [...results].sort((a, b) => READING_ORDER[a.outcome] - READING_ORDER[b.outcome]);
}

/** "A, B, C, D, E and 25 more": a selection of hundreds named in one short line. */
export function namesAndMore(listings: readonly Pick<Listing, "name">[], shown: number): string {
  const names = listings
    .slice(0, shown)
    .map((l) => l.name)
    .join(", ");
  const more = listings.length - shown;
  return more > 0 ? `${names} and ${formatCount(more)} more` : names;
}
