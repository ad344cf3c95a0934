import { describe, expect, it } from "vitest";
import {
  judgeAtMinimum,
  judgeBehindStly,
  judgeBelowMarket,
  judgeNoBooking,
  judgePickupBelowLy,
  BEHIND_STLY_MIN_NIGHTS,
  keyOf,
  type MonthBooks,
} from "@/lib/alerts/evaluate";
import { judgeCompsMoved, judgeFlagGained } from "@/lib/alerts/evaluate-flags-sets";

const TODAY = "2026-11-29";
const month = (nights: number, stlyNights: number, extra: Partial<MonthBooks> = {}): MonthBooks => ({
  listingId: "l1",
  month: "2026-12",
  nights,
  stlyNights,
  revenue: nights * 100,
  stlyRevenue: stlyNights * 100,
  currency: "USD",
  cancellations: 0,
  ...extra,
});
const fires = (judgment: { holds: unknown[] }) => judgment.holds.length === 1;

describe("behind_stly: a stay month more than X % behind the same time last year", () => {
  const rule = { metric: "nights", percent: 15 } as const;
  it("just under, at, just over the threshold", () => {
    expect(fires(judgeBehindStly(rule, [month(86, 100)], TODAY))).toBe(false);
    expect(fires(judgeBehindStly(rule, [month(85, 100)], TODAY))).toBe(false);
    expect(fires(judgeBehindStly(rule, [month(84, 100)], TODAY))).toBe(true);
  });
  it("on revenue, and what it records", () => {
    const judgment = judgeBehindStly(
      { metric: "revenue", percent: 10 },
      [month(41, 50, { cancellations: 2 })],
      TODAY,
    );
    expect(judgment.holds).toEqual([
      {
        listingId: "l1",
        period: "2026-12",
        measured: { revenue: 4100, currency: "USD", cancellations_7d: 2 },
        against: { stly_revenue: 5000, percent: 10 },
        why: "December is 18 % behind last year on revenue: $4,100 against $5,000, with 2 cancellations this week.",
      },
    ]);
  });
  it("a month last year held fewer than 5 nights of is chance, not pace: measured, never alerted", () => {
    expect(BEHIND_STLY_MIN_NIGHTS).toBe(5);
    const few = judgeBehindStly(rule, [month(0, 4)], TODAY);
    expect(few.holds).toEqual([]);
    // Measured: an alert raised for it before clears.
    expect(few.measured).toEqual(new Set([keyOf("l1", "2026-12")]));
    expect(fires(judgeBehindStly(rule, [month(0, 5)], TODAY))).toBe(true);
    // On revenue too, by last year's nights: $400 of 4 nights is as much chance.
    expect(fires(judgeBehindStly({ metric: "revenue", percent: 10 }, [month(0, 4)], TODAY))).toBe(false);
    expect(fires(judgeBehindStly({ metric: "revenue", percent: 10 }, [month(0, 5)], TODAY))).toBe(true);
  });
  it("nothing last year, or revenue in several currencies: not measured, so nothing clears for it", () => {
    const judgment = judgeBehindStly(rule, [month(0, 0)], TODAY);
    expect(judgment.measured.size).toBe(0);
    const mixed = judgeBehindStly(
      { metric: "revenue", percent: 10 },
      [month(1, 50, { revenue: null, stlyRevenue: null })],
      TODAY,
    );
    expect(mixed.measured.size).toBe(0);
    expect(judgeBehindStly(rule, [month(99, 100)], TODAY).measured).toEqual(
      new Set([keyOf("l1", "2026-12")]),
    );
  });
});

describe("no_booking: no new booking in N days for a listing with open nights in the next 30", () => {
  const rule = { days: 14 };
  it("fires only with no booking and at least one open night", () => {
    expect(fires(judgeNoBooking(rule, [{ listingId: "l1", bookings: 0, openNights: 1 }]))).toBe(true);
    expect(fires(judgeNoBooking(rule, [{ listingId: "l1", bookings: 1, openNights: 30 }]))).toBe(false);
    expect(fires(judgeNoBooking(rule, [{ listingId: "l1", bookings: 0, openNights: 0 }]))).toBe(false);
    expect(judgeNoBooking(rule, [{ listingId: "l1", bookings: 0, openNights: null }]).measured.size).toBe(0);
  });
});

describe("below_market: occupancy in the next W nights below X % of the market's", () => {
  const rule = { window: 14, percent: 80 } as const;
  // Market 50 %: the threshold is a listing occupancy of 40 %, 4 of 10 sellable nights.
  const row = (booked: number) => ({ listingId: "l1", booked, sellable: 10, marketOccupancy: 50 });
  it("just under, at, just over the threshold", () => {
    expect(fires(judgeBelowMarket(rule, [row(3)]))).toBe(true);
    expect(fires(judgeBelowMarket(rule, [row(4)]))).toBe(false);
    expect(fires(judgeBelowMarket(rule, [row(5)]))).toBe(false);
  });
  it("no sellable night or no market figure: not measured", () => {
    expect(judgeBelowMarket(rule, [{ ...row(0), sellable: 0 }]).measured.size).toBe(0);
    expect(judgeBelowMarket(rule, [{ ...row(0), marketOccupancy: null }]).measured.size).toBe(0);
    expect(judgeBelowMarket(rule, [row(3)]).holds[0]!.why).toBe(
      "Occupancy in the next 14 nights is 30 % against the market's 50 %: 60 % of the market's.",
    );
  });
});

describe("at_minimum: more than N of the next 30 nights priced at the minimum price", () => {
  const rule = { nights: 5 };
  const row = (atFloor: number) => ({
    listingId: "l1",
    atFloor,
    floor: { floor: 90, source: "min_price" as const },
    currency: "USD",
  });
  it("just under, at, just over the threshold", () => {
    expect(fires(judgeAtMinimum(rule, [row(4)]))).toBe(false);
    expect(fires(judgeAtMinimum(rule, [row(5)]))).toBe(false);
    expect(fires(judgeAtMinimum(rule, [row(6)]))).toBe(true);
    expect(judgeAtMinimum(rule, [{ ...row(30), floor: null }]).measured.size).toBe(0);
  });
});

describe("pickup_below_ly: pickup in the last 7 days below last year's by X %", () => {
  const rule = { percent: 20 };
  const row = (pickup: number) => ({ listingId: "l1", pickup, lyPickup: 10 });
  it("just under, at, just over the threshold", () => {
    expect(fires(judgePickupBelowLy(rule, [row(9)]))).toBe(false);
    expect(fires(judgePickupBelowLy(rule, [row(8)]))).toBe(false);
    expect(fires(judgePickupBelowLy(rule, [row(7)]))).toBe(true);
    expect(fires(judgePickupBelowLy(rule, [row(-2)]))).toBe(true);
  });
  it("no pickup last year: not measured", () => {
    expect(judgePickupBelowLy(rule, [{ listingId: "l1", pickup: 0, lyPickup: 0 }]).measured.size).toBe(0);
  });
});

describe("flag_gained: a listing gained a flag", () => {
  const flag = (code: string) => ({
    code,
    title: code,
    severity: "warning",
    message: "Seen.",
    detectedAt: "2026-11-28T09:00:00Z",
  });
  it("each flag a listing holds holds apart, its code the period; a listing without flags is measured whole", () => {
    const judgment = judgeFlagGained([
      { listingId: "l1", name: "Harbour Loft", flags: [flag("pricing_disabled"), flag("a_future_flag")] },
      { listingId: "l2", name: "l2", flags: [] },
    ]);
    expect(judgment.holds.map((f) => [f.listingId, f.period])).toEqual([
      ["l1", "pricing_disabled"],
      ["l1", "a_future_flag"],
    ]);
    expect(judgment.holds[0]).toMatchObject({
      measured: {
        code: "pricing_disabled",
        severity: "warning",
        message: "Seen.",
        detected_at: "2026-11-28T09:00:00Z",
      },
      why: "Listing Harbour Loft gained the flag 'pricing_disabled' (detected 2026-11-28).",
    });
    expect(judgment.measured).toEqual(
      new Set([keyOf("l1", "pricing_disabled"), keyOf("l1", "a_future_flag")]),
    );
    expect(judgment.measuredListings).toEqual(new Set(["l1", "l2"]));
  });
  it("a listing whose flags were not read is not measured", () => {
    const judgment = judgeFlagGained([]);
    expect(judgment.holds).toEqual([]);
    expect(judgment.measuredListings!.size).toBe(0);
  });
});

describe("comps_moved: the comps' median price for a set's next 30 nights moved more than X % since yesterday", () => {
  const rule = { set_id: "set_1", percent: 10 };
  const day = (d: string, median: number | null, currency: string | null = "EUR") => ({
    day: d,
    median,
    currency,
  });
  const moved = (latest: number | null, previous: number | null = 100, currencies = ["EUR", "EUR"]) =>
    judgeCompsMoved(rule, {
      setId: "set_1",
      name: "Downtown 2BR",
      latest: day("2026-11-29", latest, currencies[0]),
      previous: day("2026-11-28", previous, currencies[1]),
    });
  it("just under, at, just over the threshold, either way", () => {
    expect(fires(moved(109))).toBe(false);
    expect(fires(moved(110))).toBe(false);
    expect(fires(moved(110.01))).toBe(true);
    expect(fires(moved(90))).toBe(false);
    expect(fires(moved(89.99))).toBe(true);
    expect(moved(105).measured).toEqual(new Set([keyOf("set_1", "set:set_1")]));
  });
  it("stands under the set, its period naming it a set, and says why", () => {
    expect(moved(184, 164).holds).toEqual([
      {
        listingId: "set_1",
        period: "set:set_1",
        measured: { median: 184, day: "2026-11-29", currency: "EUR" },
        against: { previous_median: 164, previous_day: "2026-11-28", percent: 10, set_id: "set_1" },
        why: "The comps' median price for the next 30 nights of set 'Downtown 2BR' moved 12 % since yesterday: 184 against 164 EUR.",
      },
    ]);
  });
  it("not measured without both days, a median on each, one currency, or a previous median above 0", () => {
    const unmeasured = (j: { measured: Set<string> }) => j.measured.size === 0;
    expect(unmeasured(moved(null))).toBe(true);
    expect(unmeasured(moved(120, null))).toBe(true);
    expect(unmeasured(moved(120, 0))).toBe(true);
    expect(unmeasured(moved(120, 100, ["EUR", "USD"]))).toBe(true);
    expect(
      unmeasured(
        judgeCompsMoved(rule, { setId: "set_1", name: "x", latest: day("2026-11-29", 120), previous: null }),
      ),
    ).toBe(true);
  });
});
