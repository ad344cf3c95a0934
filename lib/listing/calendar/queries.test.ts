import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { liveUpdateFor } from "@/lib/shell/live-updates";
import { calendarYearRange } from "@/lib/listing/calendar/dates";
import {
  feeImpactQuery,
  lastPostedPricesQuery,
  minStayCalendarQuery,
  neighborhoodPricingQuery,
  priceCalendarQuery,
  priceRecommendationsQuery,
} from "@/lib/listing/calendar/queries";

const range = calendarYearRange("2026-11-29");
const calendarQueries = (svcId: string) => [
  priceCalendarQuery(svcId, range),
  priceRecommendationsQuery(svcId, range),
  neighborhoodPricingQuery(svcId, range),
  lastPostedPricesQuery(svcId, range),
  feeImpactQuery(svcId, range),
  minStayCalendarQuery(svcId, range),
];

describe("recommendations.updated refreshes the price calendar of the listings it names", () => {
  it("invalidates every calendar read of a named listing, and none of another listing", async () => {
    const client = new QueryClient();
    for (const svcId of ["1000001", "1000002"]) {
      for (const query of calendarQueries(svcId)) client.setQueryData(query.queryKey, {} as never);
    }
    const update = liveUpdateFor({
      type: "recommendations.updated",
      listing_ids: ["1000001"],
      market_id: "mkt-1",
    });
    for (const queryKey of update.keys) await client.invalidateQueries({ queryKey });

    const state = (svcId: string) =>
      calendarQueries(svcId).map((q) => client.getQueryState(q.queryKey)?.isInvalidated);
    expect(state("1000001")).toEqual([true, true, true, true, true, true]);
    expect(state("1000002")).toEqual([false, false, false, false, false, false]);
  });
});
