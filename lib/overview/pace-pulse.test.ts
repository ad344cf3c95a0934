import { describe, expect, it } from "vitest";
import { pacePulse, pulseMonths } from "@/lib/overview/pace-pulse";
import { paceRow } from "@/test-support/pace-rows";

const NOW = "2026-11-27T09:30:00.000Z";

describe("the Overview's pace: the next three months against the same time last year", () => {
  it("takes this month and the two after, across the turn of the year", () => {
    expect(pulseMonths([], NOW)).toEqual(["2026-11", "2026-12", "2027-01"]);
    expect(pulseMonths([], "2026-12-01T00:00:00.000Z")).toEqual(["2026-12", "2027-01", "2027-02"]);
  });

  it("without the time of the figures, takes the three earliest months the rows hold", () => {
    const rows = ["2027-02", "2026-12", "2027-01", "2026-11"].map((p) => paceRow(p, "USD"));
    expect(pulseMonths(rows, null)).toEqual(["2026-11", "2026-12", "2027-01"]);
  });

  it("adds up the three months per currency and compares the sums, leaving later months out", () => {
    const rows = [
      paceRow("2026-11", "USD", {
        otb_nights: 60,
        otb_revenue: 12_000.1,
        stly_nights: 50,
        stly_revenue: 10_000,
        pickup_nights: 4,
        booked_nights: 6,
        canceled_nights: 2,
        pickup_revenue: 800,
        ly_pickup_nights: 3,
      }),
      paceRow("2026-12", "USD", {
        otb_nights: 40,
        otb_revenue: 8_000.2,
        stly_nights: 30,
        stly_revenue: 6_000,
        pickup_nights: -1,
        booked_nights: 2,
        canceled_nights: 3,
        pickup_revenue: -150.5,
      }),
      paceRow("2027-01", "USD", { otb_nights: 12, otb_revenue: 2_400, stly_nights: 20, stly_revenue: 4_000 }),
      // A fourth month is not part of the pulse.
      paceRow("2027-02", "USD", { otb_nights: 999, otb_revenue: 99_999, booked_nights: 99 }),
    ];
    const [usd, ...others] = pacePulse(rows, NOW);
    expect(others).toEqual([]);
    expect(usd).toEqual({
      currency: "USD",
      months: ["2026-11", "2026-12", "2027-01"],
      otbNights: 112,
      stlyNights: 100,
      nightsChange: 12,
      // Amounts are added in cents: 12,000.10 + 8,000.20 + 2,400 reads 22,400.30, not 22,400.300000000003.
      otbRevenue: 22_400.3,
      stlyRevenue: 20_000,
      revenueChange: 12,
      pickupNights: 3,
      bookedNights: 8,
      canceledNights: 5,
      pickupRevenue: 649.5,
      lyPickupNights: 3,
    });
  });

  it("never adds currencies together, orders them by listings, and says no change where last year had nothing", () => {
    const rows = [
      paceRow("2026-11", "EUR", { listings: 2, otb_nights: 10, otb_revenue: 1_500 }),
      paceRow("2026-11", "USD", { listings: 5, otb_nights: 30, otb_revenue: 6_000, stly_nights: 40 }),
      paceRow("2026-12", "USD", { listings: 5, stly_revenue: 5_000 }),
      // A currency only a reservation came in, with no listing of its own.
      paceRow("2027-01", "GBP", {
        listings: 0,
        otb_nights: 3,
        otb_revenue: 450,
        stly_nights: 3,
        stly_revenue: 450,
      }),
    ];
    const pulse = pacePulse(rows, NOW);
    expect(pulse.map((p) => p.currency)).toEqual(["USD", "EUR", "GBP"]);
    const [usd, eur, gbp] = pulse;
    expect(usd).toMatchObject({ otbNights: 30, stlyNights: 40, nightsChange: -25, revenueChange: 20 });
    expect(eur).toMatchObject({ otbNights: 10, otbRevenue: 1_500, nightsChange: null, revenueChange: null });
    expect(gbp).toMatchObject({ otbNights: 3, nightsChange: 0, revenueChange: 0 });
  });

  it("answers nothing when the rows hold none of the three months", () => {
    expect(pacePulse([paceRow("2027-05", "USD", { otb_nights: 4 })], NOW)).toEqual([]);
    expect(pacePulse([], NOW)).toEqual([]);
  });
});
