import { describe, expect, it } from "vitest";
import { datesOf } from "@/lib/listing/calendar/dates";
import { buildCalendarYear } from "@/lib/listing/calendar/model";
import { calendarFor } from "@/lib/listing/calendar/model-test-support";
import { neighborhoodPosition, weeklyReference } from "@/lib/listing/calendar/neighborhood-reference";

describe("a night", () => {
  it("sits below, within or above the neighborhood's p25–p75, or unknown without it", () => {
    const hood = { median: 120, p25: 100, p75: 140, listingCount: 30 };
    expect(neighborhoodPosition({ price: 90, neighborhood: hood })).toBe("below");
    expect(neighborhoodPosition({ price: 100, neighborhood: hood })).toBe("within");
    expect(neighborhoodPosition({ price: 141, neighborhood: hood })).toBe("above");
    expect(neighborhoodPosition({ price: 141, neighborhood: { ...hood, p75: null } })).toBe("unknown");
    expect(neighborhoodPosition({ price: 141, neighborhood: null })).toBe("unknown");
  });
});

describe("the neighborhood reference over the year", () => {
  const range = { start_date: "2026-11-25", end_date: "2026-12-13" }; // a Wednesday to a Sunday
  const calendar = calendarFor(range);

  it("averages each Monday-to-Sunday week, the first one partial", () => {
    const points = weeklyReference(buildCalendarYear({ range, calendar }));
    expect(points.map((p) => [p.weekStart, p.nights])).toEqual([
      ["2026-11-25", 5],
      ["2026-11-30", 7],
      ["2026-12-07", 7],
    ]);
    const firstWeek = calendar.nights.slice(0, 5).map((n) => n.price);
    expect(points[0]!.price).toBeCloseTo(firstWeek.reduce((a, b) => a + b, 0) / 5, 2);
  });

  it("leaves a week without neighborhood figures as a gap (null), never 0", () => {
    const neighborhood = {
      listing_id: "1000001",
      currency: "USD",
      days: datesOf(range).map((date) =>
        date < "2026-12-07"
          ? { date, median_price: 120, p25_price: 100, p75_price: 150, listing_count: 30 }
          : { date, median_price: null, p25_price: null, p75_price: null, listing_count: 0 },
      ),
    };
    const points = weeklyReference(buildCalendarYear({ range, calendar, neighborhood }));
    expect(points[0]).toMatchObject({ median: 120, p25: 100, p75: 150, band: [100, 150] });
    expect(points[2]).toMatchObject({ median: null, p25: null, p75: null, band: null });
  });
});
