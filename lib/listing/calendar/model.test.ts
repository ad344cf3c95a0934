import { describe, expect, it } from "vitest";
import { calendarYearRange, weekdayIndex } from "@/lib/listing/calendar/dates";
import { buildCalendarYear } from "@/lib/listing/calendar/model";
import { calendarFor } from "@/lib/listing/calendar/model-test-support";

describe("months and weeks", () => {
  const range = calendarYearRange("2026-11-21");
  const year = buildCalendarYear({ range, calendar: calendarFor(range) });

  it("lays out one month per calendar month of the range", () => {
    expect(year.months.map((m) => m.key)).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
      "2027-07",
      "2027-08",
      "2027-09",
      "2027-10",
    ]);
  });

  it("starts every week on Monday and pads it to seven squares", () => {
    for (const month of year.months) {
      const first = month.weeks[0]!;
      const padding = first.findIndex((cell) => cell !== null);
      expect(padding).toBe(weekdayIndex(`${month.key}-01`));
      for (const week of month.weeks) expect(week).toHaveLength(7);
      const days = month.weeks.flat().filter((c) => c !== null);
      expect(days[0]!.day).toBe(1);
      for (const cell of days)
        expect(weekdayIndex(cell.date)).toBe(month.weeks.find((w) => w.includes(cell))!.indexOf(cell));
    }
  });

  it("shows the days of this month before today as outside the range, not as nights", () => {
    const november = year.months[0]!.weeks.flat().filter((c) => c !== null);
    const before = november.filter((c) => c.date < "2026-11-21");
    expect(before.length).toBe(20);
    for (const cell of before) {
      expect(cell.inRange).toBe(false);
      expect(cell.night).toBeNull();
    }
    expect(november.find((c) => c.date === "2026-11-21")!.night?.price).toBe(121);
  });

  it("counts a date in range the service did not answer as missing, never as a night", () => {
    const gap = "2026-12-25";
    const calendar = calendarFor(range);
    calendar.nights = calendar.nights.filter((n) => n.date !== gap);
    const withGap = buildCalendarYear({ range, calendar });
    expect(withGap.missingDates).toBe(1);
    const cell = withGap.months[1]!.weeks.flat().find((c) => c?.date === gap)!;
    expect(cell.inRange).toBe(true);
    expect(cell.night).toBeNull();
  });
});

describe("a night", () => {
  const range = { start_date: "2026-11-21", end_date: "2026-11-30" };

  it("is booked, blocked by the host or open, from is_booked and available", () => {
    const calendar = calendarFor(range, (n) => {
      if (n.date === "2026-11-22") return { ...n, available: false, is_booked: true, reservation_id: "HM1" };
      if (n.date === "2026-11-23") return { ...n, available: false };
      return n;
    });
    const year = buildCalendarYear({ range, calendar });
    expect(year.byDate.get("2026-11-22")).toMatchObject({ status: "booked", reservationId: "HM1" });
    expect(year.byDate.get("2026-11-23")).toMatchObject({ status: "blocked", reservationId: null });
    expect(year.byDate.get("2026-11-24")!.status).toBe("open");
  });

  it("carries its price, recommendation, minimum stay, demand and custom rate as the calendar answered", () => {
    const rate = { price_type: "percent" as const, price_value: -10 };
    const calendar = calendarFor(range, (n) =>
      n.date === "2026-11-25" ? { ...n, custom_rate: rate, demand: "very_high", min_stay: 3 } : n,
    );
    const source = calendar.nights.find((n) => n.date === "2026-11-25")!;
    const night = buildCalendarYear({ range, calendar }).byDate.get("2026-11-25")!;
    expect(night).toMatchObject({
      price: source.price,
      recommendedPrice: source.recommended_price,
      minStay: 3,
      demand: "very_high",
      customRate: rate,
    });
  });

  it("has no price to post until the recommendations arrive: null, never 0", () => {
    const calendar = calendarFor(range);
    const without = buildCalendarYear({ range, calendar }).byDate.get("2026-11-21")!;
    expect(without.postPrice).toBeNull();
    const recommendations = {
      listing_id: "1000001",
      currency: "USD",
      recommendations: calendar.nights.map((n) => ({
        date: n.date,
        price: n.recommended_price - 5,
        recommended_price: n.recommended_price,
        custom_type: null,
        min_stay: n.min_stay,
      })),
    };
    const withRecs = buildCalendarYear({ range, calendar, recommendations }).byDate.get("2026-11-21")!;
    expect(withRecs.postPrice).toBe(calendar.nights[0]!.recommended_price - 5);
  });

  it("shows the guest price (price times the fee multiplier) only with the fee overlay", () => {
    const calendar = calendarFor(range);
    expect(buildCalendarYear({ range, calendar }).byDate.get("2026-11-21")).toMatchObject({
      feeMultiplier: null,
      guestPrice: null,
    });
    const feeImpact = {
      listing_id: "1000001",
      days: calendar.nights.map((n) => ({ date: n.date, fee_multiplier: 1.15 })),
    };
    const night = buildCalendarYear({ range, calendar, feeImpact }).byDate.get("2026-11-21")!;
    expect(night.feeMultiplier).toBe(1.15);
    expect(night.guestPrice).toBeCloseTo(calendar.nights[0]!.price * 1.15, 2);
  });

  it("takes the minimum-stay overlay from the minimum-stay calendar, not from the price calendar", () => {
    const calendar = calendarFor(range);
    const minStay = {
      listing_id: "1000001",
      days: calendar.nights.map((n) => ({ date: n.date, min_stay: 4 })),
    };
    expect(buildCalendarYear({ range, calendar }).byDate.get("2026-11-21")!.overlayMinStay).toBeNull();
    const night = buildCalendarYear({ range, calendar, minStay }).byDate.get("2026-11-21")!;
    expect(night.overlayMinStay).toBe(4);
    // The service's per-night answer is what applies; the price calendar's stays the listing's own.
    expect(night.minStay).toBe(4);
    expect(night.listingMinStay).toBe(2);
  });

  it("has the neighborhood's median and p25–p75 of its own date, with unknown figures left null", () => {
    const calendar = calendarFor(range);
    const neighborhood = {
      listing_id: "1000001",
      currency: "USD",
      days: [
        { date: "2026-11-21", median_price: 120, p25_price: 100, p75_price: 140, listing_count: 30 },
        { date: "2026-11-22", median_price: null, p25_price: null, p75_price: null, listing_count: 0 },
      ],
    };
    const year = buildCalendarYear({ range, calendar, neighborhood });
    expect(year.byDate.get("2026-11-21")!.neighborhood).toEqual({
      median: 120,
      p25: 100,
      p75: 140,
      listingCount: 30,
    });
    expect(year.byDate.get("2026-11-22")!.neighborhood).toEqual({
      median: null,
      p25: null,
      p75: null,
      listingCount: 0,
    });
    expect(year.byDate.get("2026-11-23")!.neighborhood).toBeNull();
  });
});
