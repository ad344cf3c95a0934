import { describe, expect, it } from "vitest";
import { appliedMinStay, minStayWords } from "@/lib/listing/calendar/applied";
import { calendarYearRange } from "@/lib/listing/calendar/dates";
import { buildCalendarYear } from "@/lib/listing/calendar/model";
import { calendarFor } from "@/lib/listing/calendar/model-test-support";
import type { PriceRecommendations } from "@/lib/svc/schemas/calendar";

describe("a custom rate's minimum stay overrides the listing's for the nights it covers", () => {
  it("takes the recommendations' minimum stay over the price calendar's on a custom-rate night", () => {
    const applied = appliedMinStay({ calendar: 3, hasCustomRate: true, recommendation: 2 });
    expect(applied).toEqual({ nights: 2, source: "custom_rate", listingNights: 3 });
    expect(minStayWords(applied)).toEqual({
      value: "2 nights",
      note: "Set by the custom rate (the listing's is 3 nights)",
    });
  });

  it("takes the minimum-stay calendar when the recommendations give none", () => {
    expect(
      appliedMinStay({ calendar: 3, hasCustomRate: true, recommendation: null, minStayCalendar: 5 }),
    ).toEqual({ nights: 5, source: "custom_rate", listingNights: 3 });
  });

  it("keeps the listing's minimum stay on a night without a custom rate", () => {
    const applied = appliedMinStay({ calendar: 3, hasCustomRate: false, recommendation: 3 });
    expect(applied).toEqual({ nights: 3, source: "listing", listingNights: 3 });
    expect(minStayWords(applied)).toEqual({ value: "3 nights", note: null });
  });

  it("says a custom-rate night's minimum stay is unconfirmed while the service has not stated it", () => {
    const applied = appliedMinStay({ calendar: 1, hasCustomRate: true });
    expect(applied.source).toBe("unconfirmed");
    expect(minStayWords(applied).value).toBe("1 night");
    expect(minStayWords(applied).note).toMatch(/may set its own/);
  });

  it("the calendar model gives each night the minimum stay that applies, not the price calendar's", () => {
    const range = calendarYearRange("2026-11-21");
    const covered = "2026-12-04";
    const calendar = calendarFor(range, (n) => ({
      ...n,
      min_stay: 3,
      custom_rate: n.date === covered ? { price_type: "percent", price_value: 0 } : null,
    }));
    const recommendations: PriceRecommendations = {
      listing_id: calendar.listing_id,
      currency: "USD",
      recommendations: calendar.nights.map((n) => ({
        date: n.date,
        price: n.recommended_price,
        recommended_price: n.recommended_price,
        custom_type: n.custom_rate?.price_type ?? null,
        min_stay: n.date === covered ? 2 : 3,
      })),
    };
    const year = buildCalendarYear({ range, calendar, recommendations });
    const night = year.byDate.get(covered)!;
    expect(night.minStay).toBe(2);
    expect(night.minStaySource).toBe("custom_rate");
    expect(night.listingMinStay).toBe(3);
    const other = year.byDate.get("2026-12-05")!;
    expect([other.minStay, other.minStaySource]).toEqual([3, "listing"]);
  });
});
