import type { RouteTable } from "../context";
import { resolveListing } from "../domain/access";
import { ApiError } from "../domain/api-error";
import { basePriceDays, calendarDay, lastPostedPrices } from "../domain/calendars/history";
import { resolveRange } from "../domain/calendars/range";
import { listReservations } from "../domain/calendars/reservations";
import { FORWARD_RANGE } from "./listing-calendars-nights";

/** base_price_history defaults to the last 30 days up to today. */
const BACKWARD_RANGE = { length: 30, anchor: "end" } as const;

/** Last posted prices, base price history, one stay date's history, reservations. */
export const listingHistoryRoutes: RouteTable = {
  "listings.lastPostedPrices": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const range = resolveRange(query, ctx.clock.today(), FORWARD_RANGE);
    return {
      body: {
        listing_id: params.listing_id!,
        currency: listing.currency,
        prices: lastPostedPrices(ctx, listing.svc_id, range),
      },
    };
  },

  "listings.basePriceHistory": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const today = ctx.clock.today();
    const range = resolveRange(query, today, BACKWARD_RANGE);
    return {
      body: {
        listing_id: params.listing_id!,
        currency: listing.currency,
        start_date: range.start,
        end_date: range.end,
        days: basePriceDays(ctx, listing, range, today),
      },
    };
  },

  "listings.calendarDayHistory": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    // docs/interface-decisions.md §3: the historical price changes feature is the caller's plan.
    if (caller.user.has_history_feature !== 1) {
      throw new ApiError(
        403,
        "plan_required",
        "A stay date's history needs the historical price changes feature, which your plan does not include.",
      );
    }
    return {
      body: {
        listing_id: params.listing_id!,
        date: query.date,
        currency: listing.currency,
        ...calendarDay(ctx, listing.svc_id, query.date),
      },
    };
  },

  "listings.reservations": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    const { items, total } = listReservations(ctx, listing, params.listing_id!, query);
    return { body: items, total };
  },
};
