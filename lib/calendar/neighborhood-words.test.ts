import { describe, expect, it } from "vitest";
import { neighborhoodWords } from "@/lib/calendar/neighborhood-words";
import type { NeighborhoodPricing } from "@/lib/svc/schemas/calendar";

const answer = (days: NeighborhoodPricing["days"]): NeighborhoodPricing => ({
  listing_id: "1000034",
  currency: "USD",
  days,
});
const day = (over: Partial<NeighborhoodPricing["days"][number]> = {}) => ({
  date: "2026-12-05",
  median_price: 182,
  p25_price: 150,
  p75_price: 221,
  listing_count: 24,
  ...over,
});

describe("a night's neighborhood in words", () => {
  it("says the median and the middle half with how many listings they are of", () => {
    expect(neighborhoodWords(answer([day()]), "2026-12-05")).toBe(
      "median $182, middle half $150\u2013$221, of 24 listings.",
    );
  });

  it("says only what the service gives: a missing quartile leaves the middle half out", () => {
    expect(neighborhoodWords(answer([day({ p75_price: null })]), "2026-12-05")).toBe(
      "median $182, of 24 listings.",
    );
    expect(neighborhoodWords(answer([day({ median_price: null })]), "2026-12-05")).toBe(
      "middle half $150\u2013$221, of 24 listings.",
    );
  });

  it("names a night without prices, or without an entry, rather than showing 0", () => {
    expect(
      neighborhoodWords(
        answer([day({ median_price: null, p25_price: null, p75_price: null, listing_count: 1 })]),
        "2026-12-05",
      ),
    ).toBe("no prices for this night (of 1 listing).");
    expect(neighborhoodWords(answer([day()]), "2026-12-06")).toBe("no figures for this night.");
  });

  it("uses the answer's currency", () => {
    expect(neighborhoodWords({ ...answer([day()]), currency: "EUR" }, "2026-12-05")).toContain("\u20ac182");
  });
});
