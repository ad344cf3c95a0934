import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { addDays, todayUtc } from "@/lib/format/dates";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { PriceCalendar } from "@/lib/svc/schemas/calendar";
import { callServiceAs, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { NightMinStay } from "@/components/calendar/night-min-stay";

withServiceInPage();

describe("the portfolio calendar's night details: the minimum stay that applies", () => {
  it("rule: a custom rate's minimum stay overrides the listing's: the details read it from the minimum-stay calendar", async () => {
    const listing = (await serviceAnswer<Listing[]>("/listings?per_page=100")).find(
      (l) => l.is_active && !l.is_hidden && l.access_level === "owner",
    )!;
    const from = addDays(todayUtc(), 150);
    const range = { start_date: from, end_date: addDays(from, 13) };
    const night = addDays(from, 2);
    const calendar = await serviceAnswer<PriceCalendar>(
      `/listings/${listing.svc_id}/price_calendar?channel=svc&start_date=${night}&end_date=${night}`,
    );
    const own = calendar.nights[0]!.min_stay;
    const rate = own === 5 ? 6 : 5;
    await callServiceAs("owner", "PUT", `/listings/${listing.svc_id}/custom_rates?channel=svc`, {
      custom_rates: [
        {
          start_date: night,
          end_date: addDays(night, 1),
          price_type: "fixed",
          price_value: 333,
          min_stay: rate,
        },
      ],
    });
    try {
      renderPage(
        <p data-testid="min-stay">
          <NightMinStay
            svcId={listing.svc_id}
            date={night}
            range={range}
            listingNights={own}
            fallback={`${own} nights, the listing's`}
          />
        </p>,
      );
      // The listing's, said as such, until the read lands; then the custom rate's.
      expect(screen.getByTestId("min-stay")).toHaveTextContent(`${own} nights, the listing's`);
      await expect
        .poll(() => screen.getByTestId("min-stay").textContent, { timeout: 10_000 })
        .toBe(
          `${rate} nights \u00b7 Set by the custom rate (the listing's is ${own} ${own === 1 ? "night" : "nights"})`,
        );
    } finally {
      await callServiceAs("owner", "DELETE", `/listings/${listing.svc_id}/custom_rates?channel=svc`, {
        start_date: night,
        end_date: addDays(night, 1),
      });
    }
  });
});
