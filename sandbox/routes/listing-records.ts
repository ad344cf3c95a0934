import { isoTimestamp } from "../clock";
import type { RouteTable } from "../context";
import { resolveListing } from "../domain/access";
import { normalizeTimestamp } from "../domain/records/dates";
import { openFlags } from "../domain/records/flags";
import { recentPriceChanges } from "../domain/records/price-changes";
import { customRateRoutes } from "./listing-records-custom-rates";
import { answerId, noteRoutes } from "./listing-records-notes";

/** `since` of GET recent_changes when none is given: this long before now. */
export const RECENT_CHANGES_DEFAULT_DAYS = 7;

/**
 * The listing records group: custom rates (and their bulk form), notes, flags and recent
 * price changes.
 */
export const listingRecordRoutes: RouteTable = {
  ...customRateRoutes,
  ...noteRoutes,

  "flags.list": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: openFlags(ctx.db, listing.svc_id) };
  },

  "listings.recentChanges": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const since =
      query.since === undefined
        ? isoTimestamp(new Date(ctx.clock.nowMs() - RECENT_CHANGES_DEFAULT_DAYS * 86_400_000))
        : normalizeTimestamp(query.since);
    return {
      body: {
        listing_id: answerId(listing, query.channel),
        currency: listing.currency,
        changes: recentPriceChanges(ctx.db, listing.svc_id, since),
      },
    };
  },
};
