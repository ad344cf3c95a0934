import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { DateRange } from "@/lib/listing/calendar/dates";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";

/**
 * The price calendar tab's reads: one request per endpoint for the whole year (the service
 * answers up to 365 dates at once). Every key sits under `queryKeys.listings.detail(svcId)`,
 * so a live `recommendations.updated` for the listing refetches what is on screen.
 * The workspace's URL carries the svc id, so every call says `channel=svc`.
 */
export const calendarResources = {
  priceCalendar: "price-calendar",
  recommendations: "price-recommendations",
  neighborhood: "neighborhood-pricing",
  lastPosted: "last-posted-prices",
  feeImpact: "fee-impact-calendar",
  minStay: "min-stay-calendar",
} as const;

/** A minute: switching tabs and back re-reads nothing; live updates invalidate sooner. */
const STALE_MS = 60_000;

const rangeQuery = (range: DateRange) => ({
  channel: "svc" as const,
  start_date: range.start_date,
  end_date: range.end_date,
});

export function priceCalendarQuery(svcId: string, range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, calendarResources.priceCalendar, { ...range }),
    queryFn: ({ signal }) =>
      svc.call("listings.priceCalendar", { params: { listing_id: svcId }, query: rangeQuery(range), signal }),
    staleTime: STALE_MS,
  });
}

export function priceRecommendationsQuery(svcId: string, range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, calendarResources.recommendations, { ...range }),
    queryFn: ({ signal }) =>
      svc.call("listings.priceRecommendations", {
        params: { listing_id: svcId },
        query: rangeQuery(range),
        signal,
      }),
    staleTime: STALE_MS,
  });
}

export function neighborhoodPricingQuery(svcId: string, range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, calendarResources.neighborhood, { ...range }),
    queryFn: ({ signal }) =>
      svc.call("listings.neighborhoodPricing", {
        params: { listing_id: svcId },
        query: rangeQuery(range),
        signal,
      }),
    staleTime: STALE_MS,
  });
}

export function lastPostedPricesQuery(svcId: string, range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, calendarResources.lastPosted, { ...range }),
    queryFn: ({ signal }) =>
      svc.call("listings.lastPostedPrices", {
        params: { listing_id: svcId },
        query: rangeQuery(range),
        signal,
      }),
    staleTime: STALE_MS,
  });
}

export function feeImpactQuery(svcId: string, range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, calendarResources.feeImpact, { ...range }),
    queryFn: ({ signal }) =>
      svc.call("listings.feeImpactCalendar", {
        params: { listing_id: svcId },
        query: rangeQuery(range),
        signal,
      }),
    staleTime: STALE_MS,
  });
}

export function minStayCalendarQuery(svcId: string, range: DateRange) {
  return queryOptions({
    queryKey: queryKeys.listings.resource(svcId, calendarResources.minStay, { ...range }),
    queryFn: ({ signal }) =>
      svc.call("listings.minStayCalendar", {
        params: { listing_id: svcId },
        query: rangeQuery(range),
        signal,
      }),
    staleTime: STALE_MS,
  });
}

/**
 * What a custom-rate write changes on the calendar: the nights' custom rate and the price to
 * post (price calendar, recommendations) and the minimum stays (a period's min stay wins).
 * Neighborhood data, posted prices and fees do not depend on custom rates. Inactive queries
 * are only marked stale, so nothing is fetched until the calendar is opened again.
 */
export function invalidateCalendarAfterCustomRates(queryClient: QueryClient, svcId: string) {
  return Promise.all(
    [calendarResources.priceCalendar, calendarResources.recommendations, calendarResources.minStay].map(
      (resource) => queryClient.invalidateQueries({ queryKey: queryKeys.listings.resource(svcId, resource) }),
    ),
  );
}
