import type { RouteTable } from "../context";
import { resolveListing } from "../domain/access";
import { neighborhoodDays } from "../domain/calendars/neighborhood";
import {
  effectiveMinStay,
  feeMultiplier,
  priceCalendarNights,
  readNights,
  recommendations,
} from "../domain/calendars/nights";
import { datesBetween, resolveRange } from "../domain/calendars/range";

/** Per-date endpoints default to today to +90 days (91 dates), at most 365. */
export const FORWARD_RANGE = { length: 91, anchor: "start" } as const;

/** Price calendar, recommendations, minimum stays, fee impact and neighborhood data. */
export const listingNightRoutes: RouteTable = {
  "listings.priceCalendar": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const range = resolveRange(query, ctx.clock.today(), FORWARD_RANGE);
    return {
      body: {
        listing_id: params.listing_id!,
        currency: listing.currency,
        start_date: range.start,
        end_date: range.end,
        nights: priceCalendarNights(readNights(ctx, listing.svc_id, range)),
      },
    };
  },

  "listings.priceRecommendations": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const range = resolveRange(query, ctx.clock.today(), FORWARD_RANGE);
    return {
      body: {
        listing_id: params.listing_id!,
        currency: listing.currency,
        recommendations: recommendations(readNights(ctx, listing.svc_id, range)),
      },
    };
  },

  "listings.minStayCalendar": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const range = resolveRange(query, ctx.clock.today(), FORWARD_RANGE);
    const days = readNights(ctx, listing.svc_id, range).map((n) => ({
      date: n.date,
      min_stay: effectiveMinStay(n),
    }));
    return { body: { listing_id: params.listing_id!, days } };
  },

  "listings.feeImpactCalendar": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const range = resolveRange(query, ctx.clock.today(), FORWARD_RANGE);
    const multiplier = feeMultiplier(ctx, listing);
    const days = datesBetween(range.start, range.end).map((date) => ({ date, fee_multiplier: multiplier }));
    return { body: { listing_id: params.listing_id!, days } };
  },

  "listings.neighborhoodPricing": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const today = ctx.clock.today();
    const range = resolveRange(query, today, FORWARD_RANGE);
    const days = neighborhoodDays(ctx, listing, range, today).map((d) => ({
      date: d.date,
      median_price: d.median_price,
      p25_price: d.p25_price,
      p75_price: d.p75_price,
      listing_count: d.listing_count,
    }));
    return { body: { listing_id: params.listing_id!, currency: listing.currency, days } };
  },

  "listings.neighborhoodOccupancy": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const today = ctx.clock.today();
    const range = resolveRange(query, today, FORWARD_RANGE);
    const days = neighborhoodDays(ctx, listing, range, today).map((d) => ({
      date: d.date,
      occupancy_percent: d.occupancy_percent,
      listing_count: d.listing_count,
    }));
    return { body: { listing_id: params.listing_id!, days } };
  },
};
