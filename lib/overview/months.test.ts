import { describe, expect, it } from "vitest";
import type { MonthlyKpis } from "@/lib/svc/schemas/kpis";
import { KPI_METRICS } from "@/lib/svc/schemas/kpi-lexicon";
import { addMonths } from "@/lib/format/dates";
import { change, pointsChange } from "@/lib/metrics/change";
import {
  compareMonths,
  coverageWords,
  liveCoverage,
  mirrorCoverage,
  partialWords,
} from "@/lib/overview/months";

type Row = MonthlyKpis["months"][number];
const emptyMetrics = Object.fromEntries(KPI_METRICS.map((m) => [m, null])) as Omit<Row, "month">;
const month = (
  m: string,
  revenue: number | null,
  booked: number | null,
  available: number | null,
  blocked = 0,
): Row => ({
  ...emptyMetrics,
  month: m,
  revenue,
  nights_booked: booked,
  nights_available: available,
  nights_blocked: blocked,
});
const answer = (listing_id: string, currency: string, months: Row[]): MonthlyKpis => ({
  listing_id,
  currency,
  months,
});

describe("month arithmetic", () => {
  it("moves across year boundaries both ways", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-11", -12)).toBe("2025-11");
    expect(addMonths("2027-01", -12)).toBe("2026-01");
    expect(addMonths("2026-03", -15)).toBe("2024-12");
  });

  it("occupancy changes in percentage points, not percent of itself", () => {
    expect(pointsChange(66.3, 67.3)).toBe(-1);
    expect(pointsChange(50, null)).toBeNull();
  });

  it("refuses what is not a month", () => {
    expect(() => addMonths("2026-1", 1)).toThrow();
  });

  it("a change against a missing or zero base is unknown", () => {
    expect(change(120, 100)).toBe(20);
    expect(change(80, 100)).toBe(-20);
    expect(change(10, 0)).toBeNull();
    expect(change(null, 100)).toBeNull();
  });
});

describe("compareMonths", () => {
  it("in December, next month is January of next year and last year is December before", () => {
    const [usd] = compareMonths(
      [
        answer("1", "USD", [
          month("2025-12", 100, 2, 31),
          month("2026-01", 50, 1, 31),
          month("2026-12", 300, 3, 31),
          month("2027-01", 200, 2, 31),
        ]),
      ],
      "2026-12-31",
    );
    expect(usd?.months.map((m) => [m.which, m.current.month, m.lastYear.month])).toEqual([
      ["this", "2026-12", "2025-12"],
      ["next", "2027-01", "2026-01"],
    ]);
    expect(usd?.months[0]?.current.revenue).toBe(300);
    expect(usd?.months[0]?.lastYear.revenue).toBe(100);
  });

  it("keeps currencies apart and pools within one", () => {
    const result = compareMonths(
      [
        answer("1", "USD", [month("2026-11", 1000, 10, 30)]),
        answer("2", "USD", [month("2026-11", 100, 1, 30)]),
        answer("3", "EUR", [month("2026-11", 70, 1, 30)]),
      ],
      "2026-11-25",
    );
    expect(result.map((c) => c.currency)).toEqual(["USD", "EUR"]);
    const nov = result[0]?.months[0]?.current;
    expect(nov).toEqual({ month: "2026-11", listings: 2, revenue: 1100, occupancy: 18.3, adr: 100 });
  });

  it("blocked nights count in occupancy's denominator, as the service's occupancy does", () => {
    const [usd] = compareMonths([answer("1", "USD", [month("2026-11", 100, 10, 20, 10)])], "2026-11-01");
    expect(usd?.months[0]?.current.occupancy).toBe(33.3);
  });

  it("a listing without figures for a month is left out of that month, never read as 0", () => {
    const [usd] = compareMonths(
      [
        answer("1", "USD", [month("2026-11", 100, 1, 30), month("2025-11", null, null, null)]),
        answer("2", "USD", [month("2026-11", 100, 1, 30)]),
      ],
      "2026-11-25",
    );
    expect(usd?.months[0]?.lastYear).toEqual({
      month: "2025-11",
      listings: 0,
      revenue: null,
      occupancy: null,
      adr: null,
    });
    expect(usd?.months[0]?.current.listings).toBe(2);
  });
});

describe("coverage in words", () => {
  const figures = (month: string, listings: number) => ({
    month,
    listings,
    revenue: null,
    occupancy: null,
    adr: null,
  });
  it("one sentence when every month counts the same listings, each month's count otherwise", () => {
    const same = [
      { which: "this" as const, current: figures("2026-11", 16), lastYear: figures("2025-11", 16) },
    ];
    expect(coverageWords(same, (m) => m)).toBe("Figures from 16 listings in every month.");
    const differ = [
      { which: "this" as const, current: figures("2026-11", 16), lastYear: figures("2025-11", 12) },
    ];
    expect(coverageWords(differ, (m) => m)).toBe("Listings with figures: 2026-11 16, 2025-11 12.");
  });
});

describe("how many listings a currency's figures cover", () => {
  const listings = [{ currency: "USD" }, { currency: "USD" }, { currency: "USD" }, { currency: "EUR" }];

  it("live: partial while fewer of the currency's listings are read than it has", () => {
    const coverage = liveCoverage([{ currency: "USD" }, { currency: "EUR" }], listings);
    expect(coverage.get("USD")).toEqual({ covered: 1, of: 3, partial: true });
    expect(coverage.get("EUR")).toEqual({ covered: 1, of: 1, partial: false });
    expect(partialWords(coverage.get("USD")!)).toBe("partial: 1 of 3 listings");
  });

  it("live: every listing read is whole, and an answer in an unexpected currency counts as its own", () => {
    const coverage = liveCoverage(
      [{ currency: "USD" }, { currency: "USD" }, { currency: "USD" }, { currency: "GBP" }],
      listings,
    );
    expect(coverage.get("USD")!.partial).toBe(false);
    expect(coverage.get("GBP")).toEqual({ covered: 1, of: 1, partial: false });
  });

  it("mirror: partial while it covers fewer listings than the portfolio's, the currency's own count so far", () => {
    const [usd] = compareMonths([answer("1", "USD", [month("2026-11", 100, 1, 30)])], "2026-11-15");
    const partial = mirrorCoverage([usd!], 30, 34).get("USD")!;
    expect(partial).toEqual({ covered: 1, of: null, partial: true });
    expect(partialWords(partial)).toBe("partial: 1 listing so far");
    expect(mirrorCoverage([usd!], 34, 34).get("USD")).toEqual({ covered: 1, of: 1, partial: false });
  });
});
