import { describe, expect, it } from "vitest";
import { bedroomWords, either, filterInWords, marketNamesOf } from "@/lib/segments/words";

const names = marketNamesOf([
  { market_id: "mkt_mia", market_name: "Miami" },
  { market_id: "mkt_aus", market_name: "Austin" },
]);

describe("a filter in words", () => {
  it("reads the issue's example: market, bedroom range and a tag", () => {
    expect(
      filterInWords({ market_ids: ["mkt_mia"], bedrooms_min: 2, bedrooms_max: 3, tags_any: ["pool"] }, names),
    ).toBe("Miami, 2–3 bedrooms, tagged “pool”");
  });

  it("has words for each key the builder knows", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ market_ids: ["mkt_mia", "mkt_aus"] }, "Miami or Austin"],
      [{ market_ids: ["mkt_unknown"] }, "mkt_unknown"],
      [{ channels: ["airbnb", "booking_com"] }, "On Airbnb or Booking.com"],
      [{ bedrooms_min: 3 }, "3+ bedrooms"],
      [{ bedrooms_max: 1 }, "Up to 1 bedroom"],
      [{ bedrooms_min: 2, bedrooms_max: 2 }, "2 bedrooms"],
      [{ bedrooms_min: 0, bedrooms_max: 0 }, "Studios (0 bedrooms)"],
      [{ tags_any: ["pool", "beach", "view"] }, "Tagged “pool”, “beach” or “view”"],
      [{ tags_all: ["pool", "family"] }, "Tagged “pool” and “family”"],
      [{ is_active: true }, "Active"],
      [{ is_active: false }, "Inactive"],
      [{ is_hidden: true }, "Hidden"],
      [{ is_hidden: false }, "Not hidden"],
      [{ pricing_tiers: ["Pro Flex"] }, "On the Pro Flex tier"],
      [{ pricing_tiers: ["Free", "Pro Trial"] }, "On the Free or Pro Trial tiers"],
      [{ name_contains: "Loft" }, "Name contains “Loft”"],
    ];
    for (const [filter, words] of cases)
      expect(filterInWords(filter, names), JSON.stringify(filter)).toBe(words);
  });

  it("says every listing for an empty filter", () => {
    expect(filterInWords({}, names)).toBe("Every listing");
  });

  it("names the conditions it does not read instead of hiding them", () => {
    expect(filterInWords({ channels: ["vrbo"], min_rating: 4.5 }, names)).toBe(
      "On Vrbo, 1 more condition the dashboard does not read (min_rating)",
    );
    expect(filterInWords({ bedrooms_min: "three", vendor: 1 }, names)).toBe(
      "2 more conditions the dashboard does not read (bedrooms_min, vendor)",
    );
  });

  it("joins lists the way a sentence does", () => {
    expect(either([])).toBe("");
    expect(either(["a"])).toBe("a");
    expect(either(["a", "b"], "and")).toBe("a and b");
    expect(bedroomWords(undefined, undefined)).toBeNull();
  });
});
