import { describe, expect, it } from "vitest";
import {
  attributionView,
  effectiveBasePriceNote,
  historyChange,
  historyPoints,
  historySentence,
} from "@/lib/listing/records/base-price-display";
import type { BasePriceHistory, BasePriceRecommendation } from "@/lib/svc/schemas/listing-extras";

const rec = (over: Partial<BasePriceRecommendation> = {}): BasePriceRecommendation => ({
  listing_id: "1000001",
  currency: "USD",
  recommended_base_price: 171,
  effective_base_price: 171,
  updated_at: "2026-11-21T00:00:00Z",
  attribution: {
    starting_price: 150.39,
    factors: [
      { factor: "amenities", label: "Amenities compared with the neighborhood", amount: 9.02 },
      { factor: "capacity", label: "Guest capacity compared with the neighborhood", amount: 0 },
      { factor: "performance", label: "Booking performance and demand", amount: 11.59 },
    ],
  },
  ...over,
});

describe("the recommendation's attribution", () => {
  it("lists the starting price and every factor, signed, and they add up to the recommendation", () => {
    const view = attributionView(rec());
    expect(view.rows.map((r) => r.shown)).toEqual(["$150.39", "+$9.02", "$0", "+$11.59"]);
    expect(view.sum).toBeCloseTo(view.total, 1);
    expect(view.totalShown).toBe("$171");
  });

  it("says each part in words, a negative one as taken off", () => {
    const view = attributionView(
      rec({
        recommended_base_price: 140,
        attribution: {
          starting_price: 150,
          factors: [{ factor: "capacity", label: "Guest capacity", amount: -10 }],
        },
      }),
    );
    expect(view.rows[1]!.sentence).toBe("Guest capacity takes off $10.");
    expect(view.summary).toBe(
      "The recommended base price is $140: $150 from the neighborhood, moved most by guest capacity (−$10).",
    );
  });

  it("tells whether the listing prices from the recommendation or its own base price", () => {
    expect(effectiveBasePriceNote(rec())).toMatch(/recommended base price/);
    expect(effectiveBasePriceNote(rec({ effective_base_price: 180 }))).toBe(
      "The listing prices from its own base price, $180, $9 above the recommendation.",
    );
  });
});

describe("the base price history", () => {
  const history: BasePriceHistory = {
    listing_id: "1000001",
    currency: "USD",
    start_date: "2026-11-01",
    end_date: "2026-11-03",
    days: [
      { date: "2026-11-03", recommended_base_price: 175, effective_base_price: 171 },
      { date: "2026-11-01", recommended_base_price: 171, effective_base_price: 171 },
      { date: "2026-11-02", recommended_base_price: null, effective_base_price: null },
    ],
  };

  it("is drawn oldest first and a day without figures is a gap, not 0", () => {
    const points = historyPoints(history);
    expect(points.map((p) => p.date)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(points[1]).toMatchObject({ recommended: null, effective: null });
  });

  it("the change over the range reads from the first and last known days", () => {
    expect(historyChange(historyPoints(history))).toEqual({ from: 171, to: 175, low: 171, high: 175 });
    expect(historyChange([])).toBeNull();
  });

  it("a recommendation that moved and came back is not described as held", () => {
    const back = { from: 171, to: 171, low: 171, high: 173 };
    expect(historySentence(back, "USD")).toBe(
      "The recommendation is $171, as at the start of the range; it ranged from $171 to $173.",
    );
    expect(historySentence({ from: 171, to: 171, low: 171, high: 171 }, "USD")).toBe(
      "The recommendation held at $171.",
    );
  });
});
