import { describe, expect, it } from "vitest";
import {
  atMinimumWhy,
  belowMarketWhy,
  behindStlyWhy,
  compsMovedWhy,
  flagGainedWhy,
  monthWords,
  noBookingWhy,
  pickupBelowLyWhy,
} from "@/lib/alerts/why";

describe("each alert's why is one sentence of the measurement's numbers", () => {
  it("behind last year: the month, the gap, both figures and this week's cancellations", () => {
    expect(
      behindStlyWhy({
        month: "2026-08",
        today: "2026-06-01",
        metric: "nights",
        now: 41,
        stly: 50,
        currency: "USD",
        behindPercent: 18,
        cancellations: 6,
      }),
    ).toBe("August is 18 % behind last year on nights: 41 against 50, with 6 cancellations this week.");
    expect(
      behindStlyWhy({
        month: "2027-01",
        today: "2026-11-29",
        metric: "revenue",
        now: 4100,
        stly: 5000,
        currency: "USD",
        behindPercent: 18,
        cancellations: 0,
      }),
    ).toBe("January 2027 is 18 % behind last year on revenue: $4,100 against $5,000.");
    expect(monthWords("2026-12", "2026-11-29")).toBe("December");
  });

  it("no booking, below market, at the minimum, pickup", () => {
    expect(noBookingWhy({ days: 14, openNights: 1 })).toBe(
      "No new booking in the last 14 days, with 1 open night in the next 30.",
    );
    expect(belowMarketWhy({ window: 14, occupancy: 40, marketOccupancy: 62.5, penetration: 64 })).toBe(
      "Occupancy in the next 14 nights is 40 % against the market's 62.5 %: 64 % of the market's.",
    );
    expect(atMinimumWhy({ atFloor: 8, floor: 90, currency: "USD", source: "min_price" })).toBe(
      "8 of the next 30 nights are priced at the minimum price of $90.",
    );
    expect(atMinimumWhy({ atFloor: 1, floor: 72, currency: "EUR", source: "lowest" })).toBe(
      "1 of the next 30 nights is priced at the lowest price the calendar holds, \u20ac72.",
    );
    expect(pickupBelowLyWhy({ pickup: 2, lyPickup: 6, belowPercent: 66.7 })).toBe(
      "Pickup in the last 7 days is 2 nights against 6 in the same days last year: 67 % below.",
    );
  });

  it("a flag gained: the listing, the flag in words and the day it was detected", () => {
    expect(
      flagGainedWhy({
        listing: "Harbour Loft",
        title: "price below market",
        detectedAt: "2026-11-28T14:03:00Z",
      }),
    ).toBe("Listing Harbour Loft gained the flag 'price below market' (detected 2026-11-28).");
    expect(flagGainedWhy({ listing: "Harbour Loft", title: "A future flag", detectedAt: "soon" })).toBe(
      "Listing Harbour Loft gained the flag 'A future flag'.",
    );
    expect(flagGainedWhy({ listing: "l9", title: "Pricing disabled", detectedAt: null })).toBe(
      "Listing l9 gained the flag 'Pricing disabled'.",
    );
  });

  it("the comps moved: the set, the move, both medians and the currency", () => {
    expect(
      compsMovedWhy({ set: "Downtown 2BR", movedPercent: 12.2, median: 184, previous: 164, currency: "EUR" }),
    ).toBe(
      "The comps' median price for the next 30 nights of set 'Downtown 2BR' moved 12 % since yesterday: 184 against 164 EUR.",
    );
  });
});
