import { describe, expect, it } from "vitest";
import { buildCalendarGrid, cellColour, PRICE_PALETTE } from "@/lib/sets/calendar/model";
import { applyPriceScale, priceScaleTitle, withPriceBands } from "@/lib/sets/calendar/price-scale";
import {
  parseNameWidth,
  parsePriceScale,
  NAME_WIDTH_DEFAULT,
  NAME_WIDTH_MAX,
} from "@/lib/sets/calendar/view-prefs";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";

function calendarOf(prices: number[]): SetPriceCalendar {
  return {
    currency: "USD",
    start_date: "2027-02-01",
    end_date: "2027-02-01",
    listings: prices.map((price, r) => ({
      listing_id: `comp_${r}`,
      name: `Comp ${r}`,
      nights: [{ date: "2027-02-01", price, available: true, booking_probability_percent: 0, min_stay: 1 }],
    })),
  };
}

describe("the fixed price bands", () => {
  it("colour a price the same whatever the other prices of the set", () => {
    // $900 is the dearest comp of one set and the cheapest of the other.
    const [cheap, dear] = [calendarOf([120, 130, 900]), calendarOf([900, 2000, 3000])];
    expect(cellColour(withPriceBands(buildCalendarGrid(cheap)), "price", 2)).toBe(
      cellColour(withPriceBands(buildCalendarGrid(dear)), "price", 0),
    );
    // On the set's own scale the same $900 takes another colour in each set.
    expect(cellColour(buildCalendarGrid(cheap), "price", 2)).not.toBe(
      cellColour(buildCalendarGrid(dear), "price", 0),
    );
  });

  it("the legend names every band and counts the comps' nights in each", () => {
    const grid = withPriceBands(buildCalendarGrid(calendarOf([99, 100, 149, 250, 499, 500, 1200])));
    expect(grid.priceLegend.map((b) => [b.label, b.count])).toEqual([
      ["Under $100", 1],
      ["$100\u2013$149", 2],
      ["$150\u2013$199", 0],
      ["$200\u2013$299", 1],
      ["$300\u2013$499", 1],
      ["$500 and over", 2],
    ]);
    expect(grid.priceLegend.map((b) => b.colour)).toEqual([...PRICE_PALETTE]);
  });

  it("the set's own scale is left as it was", () => {
    const grid = buildCalendarGrid(calendarOf([120, 900]));
    expect(applyPriceScale(grid, "set")).toBe(grid);
    expect(priceScaleTitle("bands", "USD")).toMatch(/fixed bands, the same for every set/);
    expect(priceScaleTitle("set", "USD")).toMatch(/rescaled to this set/);
  });
});

describe("the calendar's view choices kept in this browser", () => {
  it("are read tolerantly: anything unknown falls back to the default", () => {
    expect(parsePriceScale("bands")).toBe("bands");
    expect(parsePriceScale("rainbow")).toBe("set");
    expect(parsePriceScale(null)).toBe("set");
    expect(parseNameWidth("320")).toBe(320);
    expect(parseNameWidth("wide")).toBe(NAME_WIDTH_DEFAULT);
    expect(parseNameWidth(null)).toBe(NAME_WIDTH_DEFAULT);
    expect(parseNameWidth("9000")).toBe(NAME_WIDTH_MAX);
  });
});
