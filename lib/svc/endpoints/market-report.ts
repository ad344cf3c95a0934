import { z } from "zod";
import {
  bedroomGroups,
  market,
  marketDistribution,
  marketDistributionQuery,
  marketTimeSeries,
  marketTimeSeriesQuery,
} from "@/lib/svc/schemas/market-report";
import { endpoint } from "@/lib/svc/endpoint";

export const marketReportEndpoints = {
  "marketReport.list": endpoint({
    group: "market_report",
    method: "GET",
    path: "/market_report",
    summary: "Markets of the caller's listings, without geometry; postal codes keep latlong",
    response: z.array(market),
  }),
  "marketReport.timeSeries": endpoint({
    group: "market_report",
    method: "GET",
    path: "/market_report/{market_id}/time_series",
    summary: "One market metric over time, optionally for one bedrooms group",
    query: marketTimeSeriesQuery,
    response: marketTimeSeries,
  }),
  "marketReport.distribution": endpoint({
    group: "market_report",
    method: "GET",
    path: "/market_report/{market_id}/distribution",
    summary: "Distribution of one market metric, optionally for one bedrooms group",
    query: marketDistributionQuery,
    response: marketDistribution,
  }),
  "marketReport.bedroomGroups": endpoint({
    group: "market_report",
    method: "GET",
    path: "/market_report/{market_id}/bedroom_groups",
    summary: "The bedrooms groups the market is broken down by, with listing counts",
    response: bedroomGroups,
  }),
} as const;
