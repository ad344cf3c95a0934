import { describe, expect, it } from "vitest";
import { compareMirrorMonths, comparedMonths, periodOfMonth } from "@/lib/overview/mirror-months";

describe("this month and next against last year, from the mirror", () => {
  it("reads this month, next month and the same two a year earlier", () => {
    expect(comparedMonths("2026-12-15")).toEqual(["2026-12", "2027-01", "2025-12", "2026-01"]);
    expect(periodOfMonth("2026-12")).toEqual({ from: "2026-12-01", to: "2027-01-01" });
  });

  it("pools nights and revenue over the covered listings, per currency, the most listings first", () => {
    const counts = new Map([
      ["2026-11", [{ currency: "USD", nights: 60, revenue: 12_000, nightsWithoutRevenue: 0 }]],
      ["2025-11", [{ currency: "USD", nights: 45, revenue: 8_100, nightsWithoutRevenue: 5 }]],
      ["2026-12", [{ currency: "EUR", nights: 10, revenue: 1_500, nightsWithoutRevenue: 0 }]],
    ]);
    const result = compareMirrorMonths("2026-11-27", counts, [
      { currency: "EUR", listings: 1 },
      { currency: "USD", listings: 4 },
      { currency: null, listings: 2 },
    ]);
    expect(result.map((c) => c.currency)).toEqual(["USD", "EUR"]);
    const [usd, eur] = result;
    // 60 nights of 4 listings × 30 November nights: 50 %; ADR 12,000 / 60.
    expect(usd!.months[0]).toEqual({
      which: "this",
      current: { month: "2026-11", listings: 4, revenue: 12_000, occupancy: 50, adr: 200 },
      // A night without a known subtotal counts for occupancy, not for ADR.
      lastYear: { month: "2025-11", listings: 4, revenue: 8_100, occupancy: 37.5, adr: 202.5 },
    });
    // Nothing on the books: zero nights and revenue, no ADR.
    expect(usd!.months[1]!.current).toEqual({
      month: "2026-12",
      listings: 4,
      revenue: 0,
      occupancy: 0,
      adr: null,
    });
    expect(eur!.months[1]!.current).toMatchObject({ occupancy: 32.3, adr: 150 });
  });
});
