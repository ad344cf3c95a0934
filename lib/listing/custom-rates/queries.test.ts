import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { CustomRate } from "@/lib/svc/schemas/custom-rates";
import { customRatesKey, settleCustomRateWrite } from "@/lib/listing/custom-rates/queries";
import { queryKeys } from "@/lib/queries/keys";
import { calendarResources, invalidateCalendarAfterCustomRates } from "@/lib/listing/calendar/queries";
import { RECORD_RESOURCES } from "@/lib/listing/records/queries";

const range = { start_date: "2026-11-21", end_date: "2027-10-31" };

/** A cache holding every calendar read of two listings, their custom rates and some records. */
function filledCache() {
  const client = new QueryClient();
  for (const svcId of ["1000001", "1000002"]) {
    for (const resource of Object.values(calendarResources)) {
      client.setQueryData(queryKeys.listings.resource(svcId, resource, { ...range }), { svcId, resource });
    }
    for (const resource of Object.values(RECORD_RESOURCES)) {
      client.setQueryData(queryKeys.listings.resource(svcId, resource), { svcId, resource });
    }
    client.setQueryData(customRatesKey(svcId), []);
  }
  return client;
}

function invalidated(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => `${String(q.queryKey[2])}/${String(q.queryKey[3])}`)
    .sort();
}

describe("after a custom-rate write", () => {
  it("invalidates the listing's price calendar, recommendations and minimum stays, and no other calendar read", async () => {
    const client = filledCache();
    await invalidateCalendarAfterCustomRates(client, "1000001");
    expect(invalidated(client)).toEqual(
      [
        `1000001/${calendarResources.minStay}`,
        `1000001/${calendarResources.priceCalendar}`,
        `1000001/${calendarResources.recommendations}`,
      ].sort(),
    );
  });

  it("keeps the answered periods as the listing's custom rates and invalidates its changelog and flags too", async () => {
    const client = filledCache();
    const answer: CustomRate[] = [
      {
        start_date: "2026-12-01",
        end_date: "2026-12-03",
        price_type: "fixed",
        price_value: 150,
        currency: "USD",
      },
    ];
    await settleCustomRateWrite(client, "1000002", answer);
    expect(client.getQueryData(customRatesKey("1000002"))).toEqual(answer);
    expect(client.getQueryState(customRatesKey("1000002"))?.isInvalidated).toBe(false);
    expect(invalidated(client)).toEqual(
      [
        `1000002/${calendarResources.minStay}`,
        `1000002/${calendarResources.priceCalendar}`,
        `1000002/${calendarResources.recommendations}`,
        `1000002/${RECORD_RESOURCES.changelog}`,
        `1000002/${RECORD_RESOURCES.flags}`,
      ].sort(),
    );
  });
});
