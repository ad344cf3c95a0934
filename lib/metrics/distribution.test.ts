import { describe, expect, it } from "vitest";
import { histogram, myListingValues } from "@/lib/metrics/distribution";

describe("the distribution marks where my associated listings fall", () => {
  const distribution = {
    buckets: [
      { lower: 100, upper: 150, count: 2 },
      { lower: 150, upper: 200, count: 1 },
      { lower: 200, upper: 250, count: 2 },
    ],
    listing_values: [
      { listing_id: "m1", value: 100 },
      { listing_id: "m2", value: 140 },
      { listing_id: "m3", value: 150 },
      { listing_id: "m4", value: 210 },
      { listing_id: "m5", value: 250 },
      { listing_id: "m6", value: null },
    ],
  };
  const mine = (listingId: string, value: number | null) => ({ listingId, name: `My ${listingId}`, value });

  it("puts a listing on the bucket with lower ≤ value < upper", () => {
    const result = histogram(distribution, [mine("a", 150), mine("b", 149.99)]);
    expect(result.bars[1]!.mine.map((m) => m.listingId)).toEqual(["a"]);
    expect(result.bars[0]!.mine.map((m) => m.listingId)).toEqual(["b"]);
  });

  it("puts the highest edge in the last bucket", () => {
    const result = histogram(distribution, [mine("top", 250)]);
    expect(result.bars[2]!.mine.map((m) => m.listingId)).toEqual(["top"]);
    expect(result.above).toEqual([]);
  });

  it("keeps listings outside the members' range off the bars, below or above", () => {
    const result = histogram(distribution, [mine("low", 80), mine("high", 300)]);
    expect(result.below.map((m) => m.listingId)).toEqual(["low"]);
    expect(result.above.map((m) => m.listingId)).toEqual(["high"]);
    expect(result.bars.every((b) => b.mine.length === 0)).toBe(true);
  });

  it("counts the members below each of my listings, members without a value left out", () => {
    const result = histogram(distribution, [mine("a", 200), mine("high", 300)]);
    const a = result.bars[2]!.mine[0]!;
    expect(a).toMatchObject({ membersBelow: 3, membersWithValue: 5 });
    expect(result.above[0]).toMatchObject({ membersBelow: 5, membersWithValue: 5 });
    expect(result.membersWithValue).toBe(5);
  });

  it("lists my listings without a value as unknown, not as 0", () => {
    const result = histogram(distribution, [mine("none", null)]);
    expect(result.unknown.map((m) => m.listingId)).toEqual(["none"]);
    expect(result.below).toEqual([]);
  });

  it("keeps the bars' counts as the service sent them", () => {
    expect(histogram(distribution, []).bars.map((b) => b.count)).toEqual([2, 1, 2]);
  });

  it("places no listing on a bar when there are no buckets", () => {
    const result = histogram({ buckets: [], listing_values: [] }, [mine("a", 10)]);
    expect(result.bars).toEqual([]);
    expect(result.below.map((m) => m.listingId)).toEqual(["a"]);
  });

  it("joins my associated listings with the portfolio ranking by svc id", () => {
    const values = myListingValues(
      [
        { svc_id: "1", name: "One" },
        { svc_id: "2", name: "Two" },
        { svc_id: "3", name: "Three" },
      ],
      [
        { listing_id: "2", value: 120 },
        { listing_id: "1", value: null },
        { listing_id: "9", value: 50 },
      ],
    );
    expect(values).toEqual([
      { listingId: "1", name: "One", value: null },
      { listingId: "2", name: "Two", value: 120 },
      { listingId: "3", name: "Three", value: null },
    ]);
  });
});
