import type { RouteTable } from "../context";
import { resolveListing } from "../domain/access";
import { readListingChangelog } from "../domain/listing-changelog";
import { accessibleListings } from "../domain/listings";
import { pricePreview, previewRange } from "../domain/preferences/preview";
import {
  answerId,
  readSettings,
  supportedSettingsOf,
  toPreferencesObject,
} from "../domain/preferences/store";
import { commitWrite, prepareWrite, requirePreferenceEditor } from "../domain/preferences/write";
import { batchPreferenceRoutes } from "./preferences-batch";

/** Factor of a weekly_monthly channel: the share of the nightly price kept (4 decimals). */
const priceFactor = (percent: number | null) =>
  percent === null ? null : Math.round((1 - percent / 100) * 10_000) / 10_000;

/**
 * The preferences group (docs/interface-decisions.md §4). Every write answers `warnings`; single
 * listing writes are open to restricted editors (docs/interface.md, Authentication 5), not viewers.
 */
export const preferenceRoutes: RouteTable = {
  ...batchPreferenceRoutes,

  "preferences.list": ({ ctx, caller, query }) => {
    const userId = caller.user.id;
    const listings = query.listing_ids
      ? [...new Set(query.listing_ids)].map(
          // The contract requires channel with listing_ids.
          (id) => resolveListing(ctx, userId, id, query.channel!).listing,
        )
      : accessibleListings(ctx, userId, true).map(({ row }) => row);
    return {
      body: listings.map((listing) =>
        toPreferencesObject(listing, answerId(listing, query.channel), readSettings(ctx, listing)),
      ),
    };
  },

  "preferences.get": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: toPreferencesObject(listing, params.listing_id!, readSettings(ctx, listing)) };
  },

  "preferences.put": ({ ctx, caller, params, query, body }) => {
    const { listing, access } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    requirePreferenceEditor(access);
    const prepared = prepareWrite(ctx, listing, body);
    ctx.db.transaction(() => commitWrite(ctx, prepared, caller.user.id, { source: "put" }))();
    return {
      body: {
        preferences: toPreferencesObject(listing, params.listing_id!, prepared.after),
        warnings: prepared.warnings,
      },
    };
  },

  "preferences.longTermDiscounts": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const form = supportedSettingsOf(listing).long_term_discount_form;
    const discounts = readSettings(ctx, listing).long_term_discounts;
    return {
      body: {
        listing_id: params.listing_id!,
        form,
        long_term_discounts: discounts,
        weekly_monthly:
          form === "weekly_monthly"
            ? {
                weekly_price_factor: priceFactor(discounts?.weekly_percent ?? null),
                monthly_price_factor: priceFactor(discounts?.monthly_percent ?? null),
              }
            : null,
      },
    };
  },

  "preferences.changelog": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const { entries, total } = readListingChangelog(ctx, listing.svc_id, query);
    return { body: entries, total };
  },

  /** Any access level may preview (it persists nothing); the checks are those of a write. */
  "preferences.preview": ({ ctx, caller, params, query, body }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const prepared = prepareWrite(ctx, listing, body);
    const range = previewRange(ctx.clock.today(), query);
    return {
      body: {
        currency: listing.currency,
        preferences: toPreferencesObject(listing, params.listing_id!, prepared.after),
        warnings: prepared.warnings,
        price_preview: pricePreview(ctx, listing, prepared.before, prepared.after, range),
      },
    };
  },
};
