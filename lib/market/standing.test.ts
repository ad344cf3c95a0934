import { describe, expect, it } from "vitest";
import { mineForChoice, percentileMarks, percentileStanding, placeMine } from "@/lib/market/standing";

const percentiles = { p10: 149.04, p25: 195.52, p50: 266.66, p75: 339.38, p90: 432.7 };

describe("where one of my listings stands against the market's percentiles", () => {
  it("names the two percentiles it falls between", () => {
    expect(percentileStanding(200, percentiles)).toBe("Between the market's 25th percentile and median.");
    expect(percentileStanding(300, percentiles)).toBe("Between the market's median and 75th percentile.");
  });

  it("says below the lowest and above the highest percentile, and at one it equals", () => {
    expect(percentileStanding(100, percentiles)).toBe("Below the market's 10th percentile.");
    expect(percentileStanding(500, percentiles)).toBe("Above the market's 90th percentile.");
    expect(percentileStanding(266.66, percentiles)).toBe("At the market's median.");
  });

  it("reads only the percentiles the service gave", () => {
    expect(percentileStanding(100, { p10: null, p25: 120, p50: 150, p75: null, p90: null })).toBe(
      "Below the market's 25th percentile.",
    );
    expect(percentileStanding(100, { p10: null, p25: null, p50: null, p75: null, p90: null })).toBe(
      "The market has no figures to compare with.",
    );
  });

  it("marks the percentiles the service gave, in order", () => {
    expect(percentileMarks({ ...percentiles, p90: null }).map((m) => m.label)).toEqual([
      "p10",
      "p25",
      "p50",
      "p75",
    ]);
  });
});

describe("my listings on the market's buckets", () => {
  const buckets = [
    { lower: 100, upper: 200, count: 5 },
    { lower: 200, upper: 300, count: 9 },
  ];

  it("places each value in its bucket, the top edge in the last one, and says which fall outside", () => {
    const result = placeMine({ buckets }, [
      { listingId: "a", name: "A", value: 150 },
      { listingId: "b", name: "B", value: 300 },
      { listingId: "c", name: "C", value: 420 },
      { listingId: "d", name: "D", value: 50 },
      { listingId: "e", name: "E", value: null },
    ]);
    expect(result.bars.map((b) => b.mine.map((m) => m.listingId))).toEqual([["a"], ["b"]]);
    expect(result.above.map((m) => m.listingId)).toEqual(["c"]);
    expect(result.below.map((m) => m.listingId)).toEqual(["d"]);
    expect(result.unknown.map((m) => m.listingId)).toEqual(["e"]);
  });

  it("places only my listings of the chosen bedroom group, and counts the others", () => {
    const inMarket = [{ bedrooms: 1 }, { bedrooms: 2 }, { bedrooms: 2 }, { bedrooms: null }];
    expect(mineForChoice(inMarket, "2")).toEqual({
      placed: [{ bedrooms: 2 }, { bedrooms: 2 }],
      elsewhere: 2,
    });
    expect(mineForChoice(inMarket, "all").placed).toHaveLength(4);
  });
});
