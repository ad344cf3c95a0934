import type { RouteTable } from "../context";
import { resolveListing } from "../domain/access";
import {
  basePriceRecommendation,
  checkinCheckout,
  minMaxPrices,
  monthlySeasonality,
} from "../domain/calendars/listing-model";
import { listingHistoryRoutes } from "./listing-calendars-history";
import { listingNightRoutes } from "./listing-calendars-nights";

/** The listing-level figures of the pricing model. */
const listingModelRoutes: RouteTable = {
  "listings.basePriceRecommendation": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: basePriceRecommendation(ctx, listing, params.listing_id!, ctx.clock.today()) };
  },
  "listings.checkinCheckout": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: checkinCheckout(ctx, listing, params.listing_id!) };
  },
  "listings.minMaxPrices": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: minMaxPrices(ctx, listing, params.listing_id!, ctx.clock.today()) };
  },
  "listings.monthlySeasonality": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: monthlySeasonality(ctx, listing, params.listing_id!) };
  },
};

/**
 * A listing's calendars, recommendations, histories, neighborhood data and reservations.
 * Every handler resolves the listing by the channel rules first (403 by channel id, 404
 * under channel=svc for a listing the caller cannot access).
 */
export const listingCalendarRoutes: RouteTable = {
  ...listingModelRoutes,
  ...listingNightRoutes,
  ...listingHistoryRoutes,
};
