import { describe, expect, it } from "vitest";
import {
  CELL_MISSING,
  NO_BUCKET,
  PROBABILITY_PALETTE,
  buildCalendarGrid,
  cellColour,
} from "@/lib/sets/calendar/model";
import { cellDetails } from "@/lib/sets/calendar/details";
import { hasCustomRate, mineCalendars, unconvertedOf, type MineCalendar } from "@/lib/sets/calendar/mine";
import type { PriceCalendar, PriceRecommendations } from "@/lib/svc/schemas/calendar";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";

const START = "2027-01-01";
const dateOf = (n: number) =>
  new Date(Date.parse(`${START}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function setCalendar(prices: number[][], currency = "USD"): SetPriceCalendar {
  return {
    currency,
    start_date: START,
    end_date: dateOf(prices[0]!.length - 1),
    listings: prices.map((row, r) => ({
      listing_id: `comp_${r}`,
      name: `Comp ${r}`,
      nights: row.map((price, c) => ({
        date: dateOf(c),
        price,
        available: true,
        booking_probability_percent: 0,
        min_stay: 2,
      })),
    })),
  };
}

type Night = PriceCalendar["nights"][number];
function myNight(c: number, price: number, kind: "open" | "booked" | "blocked" = "open"): Night {
  return {
    date: dateOf(c),
    price,
    recommended_price: price,
    min_stay: 3,
    available: kind === "open",
    is_booked: kind === "booked",
    reservation_id: kind === "booked" ? "r1" : null,
    custom_rate: null,
    demand: "normal",
  } as Night;
}

const mine = (
  nights: Night[],
  currency = "USD",
  status: MineCalendar["status"] = "ready",
  post: Pick<MineCalendar, "postPrices" | "postState"> = { postPrices: new Map(), postState: "off" },
): MineCalendar => ({
  listingId: "svc_me",
  name: "My loft",
  currency,
  status,
  nights,
  ...post,
});

describe("my listings pinned on the set calendar", () => {
  it("puts my listings first, marked as mine, and keeps the comps after them", () => {
    const grid = buildCalendarGrid(setCalendar([[100, 200]]), [mine([myNight(0, 150), myNight(1, 150)])]);
    expect(grid.pinned).toBe(1);
    expect(grid.rows.map((r) => [r.name, Boolean(r.mine)])).toEqual([
      ["My loft", true],
      ["Comp 0", false],
    ]);
    expect(cellDetails(grid, 0, 0)?.summary).toMatch(/^Mine: My loft, .*: \$150, available$/);
  });

  it("leaves my prices out of the comps' colour scale and legend counts", () => {
    const comps = [
      [100, 100, 100, 100],
      [300, 300, 300, 300],
    ];
    const without = buildCalendarGrid(setCalendar(comps));
    // A luxury price of mine would shift the thresholds if it counted.
    const withMine = buildCalendarGrid(setCalendar(comps), [mine([0, 1, 2, 3].map((c) => myNight(c, 5000)))]);
    expect(withMine.priceLegend).toEqual(without.priceLegend);
    expect(withMine.probabilityLegend).toEqual(without.probabilityLegend);
    // Still drawn on that scale: above every threshold, in the top bucket.
    expect(withMine.priceBucket[0]).toBe(without.priceLegend.length - 1);
  });

  it("a listing priced in another currency is shown in its own, marked, and off the scale", () => {
    const grid = buildCalendarGrid(setCalendar([[100, 200]]), [mine([myNight(0, 90)], "EUR")]);
    expect(grid.rows[0]!.mine).toMatchObject({ currency: "EUR", onScale: false });
    expect(grid.priceBucket[0]).toBe(NO_BUCKET);
    expect(cellDetails(grid, 0, 0)?.price).toBe("€90 (in EUR, not converted)");
    expect(unconvertedOf([mine([], "EUR"), mine([], "usd")], "USD").map((m) => m.currency)).toEqual(["EUR"]);
  });

  it("says booked and blocked nights of mine as they are, with no made-up probability", () => {
    const grid = buildCalendarGrid(setCalendar([[100, 200, 300]]), [
      mine([myNight(0, 150, "booked"), myNight(1, 150, "blocked")]),
    ]);
    expect(cellDetails(grid, 0, 0)?.availability).toBe("Booked (your reservation)");
    expect(cellColour(grid, "probability", 0)).toBe(PROBABILITY_PALETTE[PROBABILITY_PALETTE.length - 1]);
    expect(cellDetails(grid, 0, 1)?.availability).toBe("Unavailable (blocked, no reservation)");
    expect(cellDetails(grid, 0, 1)?.probability).toMatch(/not estimated/);
    expect(grid.state[2]).toBe(CELL_MISSING);
    expect(cellDetails(grid, 0, 2)?.availability).toBe("No data for this night");
  });

  it("a row of mine whose read is pending or failed says so instead of 'no data'", () => {
    const loading = buildCalendarGrid(setCalendar([[100]]), [mine([], "USD", "loading")]);
    expect(cellDetails(loading, 0, 0)?.summary).toMatch(/still loading/);
    const failed = buildCalendarGrid(setCalendar([[100]]), [mine([], "USD", "error")]);
    expect(cellDetails(failed, 0, 0)?.summary).toMatch(/could not be read/);
  });

  it("builds one row per associated listing from its own calendar read, in order", () => {
    const listing = (id: string, currency: string) => ({ svc_id: id, name: id, currency }) as Listing;
    const answer: PriceCalendar = {
      listing_id: "a",
      currency: "GBP",
      start_date: START,
      end_date: START,
      nights: [myNight(0, 80)],
    };
    const rows = mineCalendars(
      [listing("a", "USD"), listing("b", "EUR"), listing("c", "USD")],
      [{ data: answer, isError: false }, { isError: true }, { isError: false }],
    );
    expect(rows.map((r) => [r.listingId, r.status, r.currency, r.nights.length])).toEqual([
      ["a", "ready", "GBP", 1],
      ["b", "error", "EUR", 0],
      ["c", "loading", "USD", 0],
    ]);
  });
});

describe("a custom rate waiting to be posted on a night of mine", () => {
  const rated = (c: number, price: number, value: number): Night => ({
    ...myNight(c, price),
    custom_rate: { price_type: "fixed", price_value: value },
  });
  const posted = (entries: Array<[number, number]>) =>
    ({ postPrices: new Map(entries.map(([c, p]) => [dateOf(c), p])), postState: "ready" }) as const;

  it("shows the channel's price and the price to post, in the listing calendar's words", () => {
    const grid = buildCalendarGrid(setCalendar([[100, 200]]), [
      mine([rated(0, 150, 199), myNight(1, 150)], "USD", "ready", posted([[0, 199]])),
    ]);
    const night = cellDetails(grid, 0, 0)!;
    expect(night.priceTerm).toBe("Price on the channel");
    expect(night.price).toBe("$150");
    expect(night.customRate).toEqual({
      rate: "Fixed at $199",
      toPost: "$199",
      waiting: true,
      phrase: "custom rate: Fixed at $199, waiting to be posted: $199",
    });
    // The cell's name says both, the channel's price first.
    expect(night.summary).toMatch(
      /^Mine: My loft, .*: \$150, custom rate: Fixed at \$199, waiting to be posted: \$199, available$/,
    );
    // A night without one is said as before.
    expect(cellDetails(grid, 0, 1)?.customRate).toBeNull();
    expect(cellDetails(grid, 0, 1)?.summary).toMatch(/: \$150, available$/);
    expect([...grid.customRates.keys()]).toEqual([0]);
  });

  it("rule: a custom rate's minimum stay overrides the listing's: the night says the one the recommendations state", () => {
    const listingNights = myNight(0, 150).min_stay;
    const rateNights = listingNights + 2;
    const withStays = {
      ...posted([[0, 199]]),
      postMinStays: new Map([[dateOf(0), rateNights]]),
    };
    const grid = buildCalendarGrid(setCalendar([[100, 200]]), [
      mine([rated(0, 150, 199), myNight(1, 150)], "USD", "ready", withStays),
    ]);
    expect(grid.minStay[0]).toBe(rateNights);
    expect(cellDetails(grid, 0, 0)!.minStay).toBe(
      `${rateNights} nights \u00b7 Set by the custom rate (the listing's is ${listingNights} ${listingNights === 1 ? "night" : "nights"})`,
    );
    // Until the recommendations are read, the listing's is said to be the listing's.
    const unread = buildCalendarGrid(setCalendar([[100, 200]]), [
      mine([rated(0, 150, 199)], "USD", "ready", { postPrices: new Map(), postState: "loading" }),
    ]);
    expect(cellDetails(unread, 0, 0)!.minStay).toMatch(
      / \u00b7 The listing's; the custom rate may set its own/,
    );
    // A night without a custom rate: the listing's, as before.
    expect(cellDetails(grid, 0, 1)!.minStay).toBe(
      `${listingNights} ${listingNights === 1 ? "night" : "nights"}`,
    );
  });

  it("keeps the channel's price for the colour: the grid compares what guests see today", () => {
    const grid = buildCalendarGrid(setCalendar([[100, 200, 300, 400]]), [
      mine([rated(0, 150, 390)], "USD", "ready", posted([[0, 390]])),
    ]);
    expect(grid.price[0]).toBe(150);
  });

  it("a rate already on the channel is not said to wait", () => {
    const grid = buildCalendarGrid(setCalendar([[100]]), [
      mine([rated(0, 199, 199)], "USD", "ready", posted([[0, 199]])),
    ]);
    expect(cellDetails(grid, 0, 0)?.customRate).toMatchObject({ waiting: false, toPost: "$199" });
    expect(cellDetails(grid, 0, 0)?.summary).toMatch(
      /custom rate: Fixed at \$199, on the channel, available$/,
    );
  });

  it("while the recommendations are read, or if they failed, the rate is said and the price to post says why", () => {
    const loading = buildCalendarGrid(setCalendar([[100]]), [
      mine([rated(0, 150, 199)], "USD", "ready", { postPrices: new Map(), postState: "loading" }),
    ]);
    expect(cellDetails(loading, 0, 0)?.customRate).toMatchObject({
      toPost: "Loading the recommendations…",
      waiting: false,
      phrase: "custom rate: Fixed at $199",
    });
    const failed = buildCalendarGrid(setCalendar([[100]]), [
      mine([rated(0, 150, 199)], "USD", "ready", { postPrices: new Map(), postState: "error" }),
    ]);
    expect(cellDetails(failed, 0, 0)?.customRate?.toPost).toBe("The recommendations did not load.");
  });

  it("a listing in another currency says both prices in its own currency", () => {
    const grid = buildCalendarGrid(setCalendar([[100]]), [
      mine([rated(0, 90, 120)], "EUR", "ready", posted([[0, 120]])),
    ]);
    expect(cellDetails(grid, 0, 0)).toMatchObject({
      price: "€90 (in EUR, not converted)",
      customRate: { rate: "Fixed at €120", toPost: "€120", waiting: true },
    });
  });

  it("asks the price to post only of a listing with a custom rate in the range, and reads it by date", () => {
    const listing = (id: string) => ({ svc_id: id, name: id, currency: "USD" }) as Listing;
    const calendar = (nights: Night[]): PriceCalendar => ({
      listing_id: "x",
      currency: "USD",
      start_date: START,
      end_date: START,
      nights,
    });
    const withRate = calendar([rated(0, 150, 199)]);
    const without = calendar([myNight(0, 150)]);
    expect([hasCustomRate(withRate), hasCustomRate(without), hasCustomRate(undefined)]).toEqual([
      true,
      false,
      false,
    ]);
    const recommendations: PriceRecommendations = {
      listing_id: "a",
      currency: "USD",
      recommendations: [
        { date: dateOf(0), price: 199, recommended_price: 150, custom_type: "fixed", min_stay: null },
      ],
    };
    const rows = mineCalendars(
      [listing("a"), listing("b"), listing("c"), listing("d")],
      [
        { data: withRate, isError: false },
        { data: without, isError: false },
        { data: withRate, isError: false },
        { data: withRate, isError: false },
      ],
      [{ data: recommendations, isError: false }, { isError: false }, { isError: true }, { isError: false }],
    );
    expect(rows.map((r) => [r.listingId, r.postState, r.postPrices.get(dateOf(0)) ?? null])).toEqual([
      ["a", "ready", 199],
      ["b", "off", null],
      ["c", "error", null],
      ["d", "loading", null],
    ]);
  });
});
