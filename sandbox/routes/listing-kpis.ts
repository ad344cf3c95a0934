import type { PricingTierName } from "../../lib/svc/schemas/listing-extras";
import type { ChannelParam } from "../../lib/svc/schemas/common";
import type { RouteTable, SandboxContext } from "../context";
import { resolveListing, type ListingRow } from "../domain/access";
import { loadNightFacts } from "../domain/kpis/nights";
import { periodValues, rollingRange, rollingValues, type PeriodKind } from "../domain/kpis/periods";
import { rankListings } from "../domain/kpis/ranking";
import { paginate } from "../http";

/** `listing_id` in answers: the svc_id under `channel=svc`, the channel's id otherwise. */
const answeredId = (listing: ListingRow, channel: ChannelParam) =>
  channel === "svc" ? listing.svc_id : listing.channel_listing_id;

/** The listing (channel rules: 403 by channel id, 404 under svc) and its id as answered. */
function listingFor(ctx: SandboxContext, userId: string, listingId: string, channel: ChannelParam) {
  const { listing } = resolveListing(ctx, userId, listingId, channel);
  return { listing, id: answeredId(listing, channel) };
}

function periodRows(ctx: SandboxContext, listing: ListingRow, kind: PeriodKind) {
  return periodValues(loadNightFacts(ctx, listing), kind, ctx.clock.today());
}

/** GET /listings/kpis, the rolling/monthly/quarterly/yearly KPIs and pricing_tier. */
export const listingKpiRoutes: RouteTable = {
  "listings.kpis": ({ ctx, caller, query }) => {
    const { items, total } = paginate(rankListings(ctx, caller.user.id, query), query);
    return { body: items, total };
  },
  "listings.kpisRolling": ({ ctx, caller, params, query }) => {
    const { listing, id } = listingFor(ctx, caller.user.id, params.listing_id!, query.channel);
    const today = ctx.clock.today();
    const facts = loadNightFacts(ctx, listing, rollingRange(today));
    return { body: { listing_id: id, currency: listing.currency, ...rollingValues(facts, today) } };
  },
  "listings.kpisMonthly": ({ ctx, caller, params, query }) => {
    const { listing, id } = listingFor(ctx, caller.user.id, params.listing_id!, query.channel);
    const months = periodRows(ctx, listing, "month").map(({ key, values }) => ({ month: key, ...values }));
    return { body: { listing_id: id, currency: listing.currency, months } };
  },
  "listings.kpisQuarterly": ({ ctx, caller, params, query }) => {
    const { listing, id } = listingFor(ctx, caller.user.id, params.listing_id!, query.channel);
    const quarters = periodRows(ctx, listing, "quarter").map(({ key, values }) => ({
      quarter: key,
      ...values,
    }));
    return { body: { listing_id: id, currency: listing.currency, quarters } };
  },
  "listings.kpisYearly": ({ ctx, caller, params, query }) => {
    const { listing, id } = listingFor(ctx, caller.user.id, params.listing_id!, query.channel);
    const years = periodRows(ctx, listing, "year").map(({ key, values }) => ({ year: key, ...values }));
    return { body: { listing_id: id, currency: listing.currency, years } };
  },
  "listings.pricingTier": ({ ctx, caller, params, query }) => {
    const { listing, id } = listingFor(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: { listing_id: id, name: listing.pricing_tier as PricingTierName } };
  },
};
