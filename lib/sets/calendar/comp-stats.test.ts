import { describe, expect, it } from "vitest";
import { buildCalendarGrid } from "@/lib/sets/calendar/model";
import type { MineCalendar } from "@/lib/sets/calendar/mine";
import {
  compStats,
  differenceToMedian,
  differenceWords,
  mineDifference,
  notActiveIds,
  signedPercent,
} from "@/lib/sets/calendar/comp-stats";
import { calendarView, figureDetails } from "@/lib/sets/calendar/view";
import type { PriceCalendar } from "@/lib/svc/schemas/calendar";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import type { MemberListing, MembersByStatus } from "@/lib/svc/schemas/sets";

const START = "2027-02-01";
const dateOf = (n: number) =>
  new Date(Date.parse(`${START}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** One row per comp; null: the comp's answer has no night for that date. */
function setCalendar(prices: Array<Array<number | null>>, currency = "USD"): SetPriceCalendar {
  return {
    currency,
    start_date: START,
    end_date: dateOf(prices[0]!.length - 1),
    listings: prices.map((row, r) => ({
      listing_id: `comp_${r}`,
      name: `Comp ${r}`,
      nights: row.flatMap((price, c) =>
        price === null
          ? []
          : [{ date: dateOf(c), price, available: true, booking_probability_percent: 0, min_stay: 2 }],
      ),
    })),
  };
}

type Night = PriceCalendar["nights"][number];
function mine(prices: Array<number | null>, currency = "USD"): MineCalendar {
  return {
    listingId: "svc_me",
    name: "My loft",
    currency,
    status: "ready",
    nights: prices.flatMap((price, c) =>
      price === null
        ? []
        : [
            {
              date: dateOf(c),
              price,
              recommended_price: price,
              min_stay: 2,
              available: true,
              is_booked: false,
              reservation_id: null,
              custom_rate: null,
              demand: "normal",
            } as Night,
          ],
    ),
    postPrices: new Map(),
    postState: "off",
  };
}

const member = (id: string, status: string) => ({ listing_id: id, status }) as MemberListing;

describe("the comps' median and percentile rows", () => {
  it("an odd count: the middle price, and the quartiles between the closest ranks", () => {
    const stats = compStats(buildCalendarGrid(setCalendar([[100], [300], [200], [500], [400]])));
    expect(stats.nights[0]).toEqual({ count: 5, p25: 200, median: 300, p75: 400 });
    expect(stats.comps).toBe(5);
  });

  it("an even count: the median is the mean of the two middle prices", () => {
    const stats = compStats(buildCalendarGrid(setCalendar([[100], [400], [200], [300]])));
    expect(stats.nights[0]).toEqual({ count: 4, p25: 175, median: 250, p75: 325 });
  });

  it("the set price calendar covers active members only: members held under another status are left out, an active one listed twice stays", () => {
    const grid = buildCalendarGrid(setCalendar([[100], [200], [300], [1000], [900]]));
    const members: MembersByStatus = {
      active: [member("comp_0", "active"), member("comp_1", "active"), member("comp_2", "active")],
      suggested: [member("comp_4", "suggested")],
      inactive: [member("comp_3", "inactive"), member("comp_2", "inactive")],
      paused: [member("comp_9", "paused")],
    };
    const leftOut = notActiveIds(members);
    expect([...leftOut].sort()).toEqual(["comp_3", "comp_4", "comp_9"]);
    const stats = compStats(grid, leftOut);
    expect(stats.nights[0]).toMatchObject({ count: 3, median: 200 });
    expect(stats).toMatchObject({ comps: 3, leftOut: 2 });
  });

  it("without the members answer every comp of the calendar counts", () => {
    expect(notActiveIds(undefined).size).toBe(0);
  });

  it("a night a comp has no price for is left out of that night only, never read as 0", () => {
    const stats = compStats(
      buildCalendarGrid(
        setCalendar([
          [100, null, 100],
          [200, 200, null],
          [300, 400, null],
        ]),
      ),
    );
    expect(stats.nights.map((n) => n.median)).toEqual([200, 300, 100]);
    expect(stats.nights.map((n) => n.count)).toEqual([3, 2, 1]);
  });

  it("a night no comp priced has no figures", () => {
    const stats = compStats(buildCalendarGrid(setCalendar([[100, null]])));
    expect(stats.nights[1]).toEqual({ count: 0, p25: null, median: null, p75: null });
  });

  it("one comp only: its price is the median and both quartiles", () => {
    const stats = compStats(buildCalendarGrid(setCalendar([[180, 220]])));
    expect(stats.nights).toEqual([
      { count: 1, p25: 180, median: 180, p75: 180 },
      { count: 1, p25: 220, median: 220, p75: 220 },
    ]);
  });

  it("my own listings never count among the comps", () => {
    const stats = compStats(buildCalendarGrid(setCalendar([[100], [300]]), [mine([5000])]));
    expect(stats.nights[0]).toMatchObject({ count: 2, median: 200 });
  });
});

describe("my listing's difference to the comps' median", () => {
  it("is my price minus the median, and that in whole % of the median", () => {
    expect(differenceToMedian(224, 200)).toEqual({ amount: 24, percent: 12 });
    expect(differenceToMedian(184, 200)).toEqual({ amount: -16, percent: -8 });
    expect(differenceToMedian(199.5, 200)).toEqual({ amount: -0.5, percent: 0 });
    expect(Object.is(differenceToMedian(199.5, 200)!.percent, -0)).toBe(false);
  });

  it("has none without a median or against a median of 0", () => {
    expect(differenceToMedian(200, null)).toBeNull();
    expect(differenceToMedian(200, 0)).toBeNull();
    expect(differenceToMedian(Number.NaN, 200)).toBeNull();
  });

  it("is shown signed and said in words", () => {
    expect(signedPercent({ amount: 24, percent: 12 })).toBe("+12");
    expect(signedPercent({ amount: -16, percent: -8 })).toBe("-8");
    expect(differenceWords({ amount: 24, percent: 12 }, "$200")).toBe("12% above the comps' median of $200");
    expect(differenceWords({ amount: -16, percent: -8 }, "$200")).toBe("8% below the comps' median of $200");
    expect(differenceWords({ amount: 0, percent: 0 }, "$200")).toBe("level with the comps' median of $200");
  });

  it("per night on my row: compared, no price of mine, no comp priced", () => {
    const grid = buildCalendarGrid(
      setCalendar([
        [100, 100, null],
        [300, 300, null],
      ]),
      [mine([250, null, 200])],
    );
    const stats = compStats(grid);
    expect(mineDifference(grid, stats, 0, 0)).toEqual({ amount: 50, percent: 25 });
    expect(mineDifference(grid, stats, 0, 1)).toBe("no-price");
    expect(mineDifference(grid, stats, 0, 2)).toBe("no-median");
  });

  it("a listing priced in another currency is not compared", () => {
    const grid = buildCalendarGrid(setCalendar([[100]]), [mine([100], "EUR")]);
    expect(mineDifference(grid, compStats(grid), 0, 0)).toBe("not-compared");
  });
});

describe("the lines of the heat map", () => {
  it("my listing, its difference, the comps' three figures, then the comps", () => {
    const grid = buildCalendarGrid(setCalendar([[100], [300]]), [mine([250])]);
    const view = calendarView(grid, compStats(grid));
    expect(view.lines).toEqual([
      { kind: "listing", row: 0 },
      { kind: "difference", row: 0 },
      { kind: "stat", stat: "median" },
      { kind: "stat", stat: "p25" },
      { kind: "stat", stat: "p75" },
      { kind: "listing", row: 1 },
      { kind: "listing", row: 2 },
    ]);
    expect(view.pinned).toBe(5);
  });

  it("a figure's night says its value and how many comps it stands for", () => {
    const grid = buildCalendarGrid(
      setCalendar([
        [100, null],
        [300, null],
      ]),
      [mine([250, 250])],
    );
    const view = calendarView(grid, compStats(grid));
    const median = figureDetails(view, { kind: "stat", stat: "median" }, 0, "Monday 1 February 2027")!;
    expect(median.text).toBe("200");
    expect(median.summary).toBe("Comps' median, Monday 1 February 2027: $200, of 2 comps priced");
    const none = figureDetails(view, { kind: "stat", stat: "p75" }, 1, "Tuesday")!;
    expect(none.summary).toBe("Comps' 75th percentile, Tuesday: unknown, no comp priced this night");
    expect(none.text).toBe("");
    const difference = figureDetails(view, { kind: "difference", row: 0 }, 0, "Monday")!;
    expect(difference.text).toBe("+25");
    expect(difference.summary).toBe(
      "Mine: My loft against the comps' median, Monday: 25% above the comps' median of $200",
    );
    expect(difference.items).toContainEqual({ term: "Difference", value: "+25% (+$50)" });
  });
});
