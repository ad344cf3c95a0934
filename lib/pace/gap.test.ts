import { describe, expect, it } from "vitest";
import { rankByGap, type GapFigures } from "@/lib/pace/gap";

const f = (listingId: string, nights: number, revenue: number, currency = "USD"): GapFigures => ({
  listingId,
  currency,
  nights,
  revenue,
});
const names = (id: string) => `Listing ${id}`;

describe("the listings behind a period's gap", () => {
  it("when behind last year, the listings furthest behind come first, with their share of the gap", () => {
    const { gap, listings } = rankByGap(
      [f("a", 10, 1000), f("b", 2, 200), f("c", 5, 600)],
      [f("a", 8, 900), f("b", 9, 1100), f("c", 6, 800)],
      "USD",
      names,
    );
    expect(gap).toEqual({ nights: -6, revenue: -1000 });
    expect(listings.map((l) => [l.listing_id, l.delta_revenue, l.share_of_gap])).toEqual([
      ["b", -900, 90],
      ["c", -200, 20],
      ["a", 100, -10],
    ]);
    expect(listings[0]).toMatchObject({ name: "Listing b", otb_nights: 2, stly_nights: 9, delta_nights: -7 });
  });

  it("when ahead, the listings furthest ahead come first", () => {
    const { gap, listings } = rankByGap(
      [f("a", 4, 400), f("b", 9, 990)],
      [f("a", 4, 450), f("b", 3, 300)],
      "USD",
      names,
    );
    expect(gap.revenue).toBe(640);
    expect(listings.map((l) => l.listing_id)).toEqual(["b", "a"]);
  });

  it("a listing with nights only last year is counted, and another currency's figures are left out", () => {
    const { listings } = rankByGap([f("a", 3, 300, "EUR")], [f("b", 2, 250)], "USD", names);
    expect(listings.map((l) => [l.listing_id, l.otb_nights, l.stly_nights, l.delta_revenue_pct])).toEqual([
      ["b", 0, 2, -100],
    ]);
  });

  it("no change at all gives no shares", () => {
    const { gap, listings } = rankByGap([f("a", 2, 200)], [f("a", 2, 200)], "USD", names);
    expect(gap).toEqual({ nights: 0, revenue: 0 });
    expect(listings[0]!.share_of_gap).toBeNull();
  });
});
