import { z } from "zod";
import { listingScopedQuery } from "@/lib/svc/schemas/common";
import { endpoint } from "@/lib/svc/endpoint";
import {
  monthlyKpis,
  portfolioKpiRow,
  portfolioKpisQuery,
  quarterlyKpis,
  rollingKpis,
  yearlyKpis,
} from "@/lib/svc/schemas/kpis";
import {
  calendarDayHistory,
  calendarDayHistoryQuery,
  dateRangeQuery,
  feeImpactCalendar,
  lastPostedPrices,
  minStayCalendar,
  neighborhoodOccupancy,
  neighborhoodPricing,
  priceCalendar,
  priceRecommendations,
} from "@/lib/svc/schemas/calendar";
import { reservation, reservationsQuery } from "@/lib/svc/schemas/reservations";
import {
  basePriceHistory,
  basePriceHistoryQuery,
  basePriceRecommendation,
  checkinCheckout,
  minMaxPrices,
  monthlySeasonality,
  pricingTier,
  recentChanges,
  recentChangesQuery,
} from "@/lib/svc/schemas/listing-extras";

/**
 * Per-listing data of the Listings group, plus notes, tags and flags. Every `{listing_id}`
 * path takes `channel` (docs/interface-decisions.md §1); `listing_id` in answers is the svc_id under
 * `channel=svc`, the listing's channel id otherwise.
 */
export const listingDataEndpoints = {
  // ------------------------------------------------------------ KPIs
  "listings.kpis": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/kpis",
    summary: "Portfolio listings ranked by one metric over one window",
    query: portfolioKpisQuery,
    response: z.array(portfolioKpiRow),
    paginated: true,
    listingScoped: false,
  }),
  "listings.kpisRolling": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/kpis",
    summary: "Rolling KPIs: every lexicon metric for 7..365 days back and forward",
    query: listingScopedQuery,
    response: rollingKpis,
  }),
  "listings.kpisMonthly": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/kpis/monthly",
    summary: "Monthly KPIs, up to 15 months back and 12 forward",
    query: listingScopedQuery,
    response: monthlyKpis,
  }),
  "listings.kpisQuarterly": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/kpis/quarterly",
    summary: "Quarterly KPIs, up to 5 recent quarters and 12 months ahead",
    query: listingScopedQuery,
    response: quarterlyKpis,
  }),
  "listings.kpisYearly": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/kpis/yearly",
    summary: "Yearly KPIs, up to 5 years and 12 months ahead",
    query: listingScopedQuery,
    response: yearlyKpis,
  }),

  // ------------------------------------------------------------ pricing
  "listings.pricingTier": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/pricing_tier",
    summary: "The listing's pricing plan",
    query: listingScopedQuery,
    response: pricingTier,
  }),
  "listings.recentChanges": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/recent_changes",
    summary: "Stay dates whose price changed recently",
    query: recentChangesQuery,
    response: recentChanges,
  }),
  "listings.priceRecommendations": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/price_recommendations",
    summary: "Nightly recommendations; custom_type is null for a service recommendation",
    query: dateRangeQuery,
    response: priceRecommendations,
  }),
  "listings.basePriceRecommendation": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/base_price_recommendation",
    summary: "Recommended base price with its attribution breakdown",
    query: listingScopedQuery,
    response: basePriceRecommendation,
  }),
  "listings.checkinCheckout": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/checkin_checkout",
    summary: "Weekdays a stay may start and end on",
    query: listingScopedQuery,
    response: checkinCheckout,
  }),
  "listings.minMaxPrices": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/min_max_prices",
    summary: "Configured and suggested minimum and maximum prices",
    query: listingScopedQuery,
    response: minMaxPrices,
  }),
  "listings.monthlySeasonality": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/monthly_seasonality",
    summary: "Price factor of each calendar month",
    query: listingScopedQuery,
    response: monthlySeasonality,
  }),

  // ------------------------------------------------------------ calendars and history
  "listings.priceCalendar": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/price_calendar",
    summary: "Single-listing price calendar (default today to +90 days, at most 365)",
    query: dateRangeQuery,
    response: priceCalendar,
  }),
  "listings.lastPostedPrices": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/last_posted_prices",
    summary: "Last price posted to the channel per stay date",
    query: dateRangeQuery,
    response: lastPostedPrices,
  }),
  "listings.basePriceHistory": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/base_price_history",
    summary: "Daily recommended and effective base prices, last 30 days or a range",
    query: basePriceHistoryQuery,
    response: basePriceHistory,
  }),
  "listings.calendarDayHistory": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/calendar_day_history",
    summary: "Postings and snapshots of one stay date; needs the historical price changes feature (403)",
    query: calendarDayHistoryQuery,
    response: calendarDayHistory,
  }),
  "listings.neighborhoodPricing": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/neighborhood/pricing",
    summary: "Daily neighborhood median, p25, p75 price and listing count",
    query: dateRangeQuery,
    response: neighborhoodPricing,
  }),
  "listings.neighborhoodOccupancy": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/neighborhood/occupancy",
    summary: "Daily neighborhood occupancy",
    query: dateRangeQuery,
    response: neighborhoodOccupancy,
  }),
  "listings.feeImpactCalendar": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/fee_impact_calendar",
    summary: "Per-date fee multiplier",
    query: dateRangeQuery,
    response: feeImpactCalendar,
  }),
  "listings.minStayCalendar": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/min_stay_calendar",
    summary: "Per-date minimum stay for a date range",
    query: dateRangeQuery,
    response: minStayCalendar,
  }),
  "listings.reservations": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/reservations",
    summary: "Reservations filtered by date_filter_type over start_date..end_date",
    query: reservationsQuery,
    response: z.array(reservation),
    paginated: true,
  }),
} as const;
