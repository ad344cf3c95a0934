import { describe, expect, it } from "vitest";
import { isoWeek, PACE_UNITS, pacePeriods, paceRows, periodOf } from "@/lib/pace/table";

describe("the pace table's periods", () => {
  it("ISO weeks start on Monday; the year's first week holds its first Thursday", () => {
    expect(isoWeek("2026-12-07")).toBe("2026-W50");
    expect(isoWeek("2026-12-06")).toBe("2026-W49");
    // 1 January 2027 is a Friday: it belongs to 2026's last week, the 53rd.
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2027-01-04")).toBe("2027-W01");
    expect(isoWeek("2025-12-29")).toBe("2026-W01");
  });

  it("twelve months from this one, thirteen weeks from this Monday, ninety nights from today", () => {
    const months = pacePeriods("month", "2026-11-29");
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ period: "2026-11", from: "2026-11-01", to: "2026-12-01" });
    expect(months[11]).toEqual({ period: "2027-10", from: "2027-10-01", to: "2027-11-01" });
    const weeks = pacePeriods("week", "2026-11-29");
    expect(weeks[0]).toEqual({ period: "2026-W48", from: "2026-11-23", to: "2026-11-30" });
    expect(weeks).toHaveLength(13);
    const nights = pacePeriods("night", "2026-11-29");
    expect(nights).toHaveLength(90);
    expect(nights[1]).toEqual({ period: "2026-11-30", from: "2026-11-30", to: "2026-12-01" });
  });
});

describe("the pace table's rows", () => {
  const december = { period: "2026-12", from: "2026-12-01", to: "2027-01-01" };
  const figures = (currency: string, nights: number, revenue: number, nightsWithoutRevenue = 0) => ({
    currency,
    nights,
    revenue,
    nightsWithoutRevenue,
  });
  const window = (currency: string, booked: number, canceled: number) => ({
    currency,
    bookedNights: booked,
    bookedRevenue: booked * 100,
    canceledNights: canceled,
    canceledRevenue: canceled * 100,
  });

  it("per currency: occupancy over the covered listings' nights, ADR over priced nights, deltas against STLY", () => {
    const [usd, eur] = paceRows(
      [december],
      [
        {
          otb: [figures("USD", 62, 6200, 2), figures("EUR", 10, 900)],
          stly: [figures("USD", 50, 4000)],
          lyFinal: [figures("USD", 80, 7000)],
          pickup: [window("USD", 6, 2)],
          lyPickup: [window("USD", 5, 2)],
        },
      ],
      [
        { currency: "USD", listings: 4 },
        { currency: "EUR", listings: 1 },
      ],
    ).sort((a, b) => b.currency.localeCompare(a.currency));
    expect(usd).toMatchObject({
      period: "2026-12",
      currency: "USD",
      otb_nights: 62,
      otb_adr: 103.33,
      otb_occupancy: 50,
      stly_nights: 50,
      stly_occupancy: 40.3,
      delta_nights_pct: 24,
      delta_revenue_pct: 55,
      ly_final_nights: 80,
      pickup_nights: 4,
      pickup_revenue: 400,
      booked_nights: 6,
      canceled_nights: 2,
      ly_pickup_nights: 3,
      ly_booked_nights: 5,
      ly_canceled_nights: 2,
      nights_without_revenue: 2,
    });
    // Nothing on the books last year in euros: no change to state, never "+∞ %".
    expect(eur).toMatchObject({ currency: "EUR", otb_nights: 10, stly_nights: 0, delta_nights_pct: null });
  });
});

describe("periodOf", () => {
  it("reads back every period the table names, in each unit", () => {
    for (const unit of PACE_UNITS)
      for (const today of ["2026-11-29", "2026-12-31", "2027-01-01", "2028-02-29"])
        for (const p of pacePeriods(unit, today)) expect(periodOf(unit, p.period)).toEqual(p);
  });

  it("finds ISO week 1 in the year before when 1 January falls late in a week", () => {
    expect(periodOf("week", "2027-W01")).toEqual({
      period: "2027-W01",
      from: "2027-01-04",
      to: "2027-01-11",
    });
    expect(periodOf("week", "2026-W01")).toEqual({
      period: "2026-W01",
      from: "2025-12-29",
      to: "2026-01-05",
    });
  });

  it("refuses what is not a period of the unit", () => {
    expect(periodOf("month", "2026-13")).toBeNull();
    expect(periodOf("month", "2026-12-01")).toBeNull();
    expect(periodOf("week", "2026-W53")).toEqual({
      period: "2026-W53",
      from: "2026-12-28",
      to: "2027-01-04",
    });
    expect(periodOf("week", "2027-W53")).toBeNull();
    expect(periodOf("week", "2026-49")).toBeNull();
    expect(periodOf("night", "2026-02-30")).toBeNull();
    expect(periodOf("night", "2026-12")).toBeNull();
  });
});
