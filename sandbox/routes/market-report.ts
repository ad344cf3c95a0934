import type { RouteTable } from "../context";
import { marketDistribution } from "../domain/market-report/distribution";
import { bedroomGroupsOf, listMarkets, marketListings, requireMarket } from "../domain/market-report/markets";
import { marketTimeSeries } from "../domain/market-report/series";

/** GET /market_report and the per-market time series, distribution and bedrooms groups. */
export const marketReportRoutes: RouteTable = {
  "marketReport.list": ({ ctx, caller }) => ({ body: listMarkets(ctx, caller.user.id) }),
  "marketReport.timeSeries": ({ ctx, caller, params, query }) => ({
    body: marketTimeSeries(ctx, caller.user.id, params.market_id!, query),
  }),
  "marketReport.distribution": ({ ctx, caller, params, query }) => ({
    body: marketDistribution(ctx, caller.user.id, params.market_id!, query),
  }),
  "marketReport.bedroomGroups": ({ ctx, caller, params }) => {
    const market = requireMarket(ctx, caller.user.id, params.market_id!);
    return {
      body: { market_id: market.id, groups: bedroomGroupsOf(market, marketListings(ctx, market.id)) },
    };
  },
};
