import { describe, expect, it } from "vitest";
import {
  baseFarFromRecommendation,
  baseOutsideLimits,
  discountBelowMinimum,
  longestRecentStay,
  minAboveMax,
  minStayBeyondLongestStay,
  RECENT_STAYS_PER_PAGE,
} from "@/lib/listing/preferences/guardrails";
import { limitHits, limitHitSentences, previewLimitHits } from "@/lib/listing/preferences/limit-hits";

const limits = { adjustment: null, min: 118, max: 545, currency: "USD" };

describe("base price outside [minimum, maximum]", () => {
  it("flags a base below the minimum, beside the base price, saying nights would sit at the minimum", () => {
    const found = baseOutsideLimits({ ...limits, base: 90 });
    expect(found?.rule).toBe("base_outside_limits");
    expect(found?.setting).toBe("base_price");
    expect(found?.message).toBe(
      "The base price ($90) is below the minimum price of $118. Nights the engine would price under it are held at the minimum, whatever the demand; Preview changes counts them.",
    );
  });

  it("flags a base above the maximum", () => {
    expect(baseOutsideLimits({ ...limits, base: 600 })?.message).toContain(
      "is above the maximum price of $545. Nights the engine would price over it are held at the maximum",
    );
  });

  it("accepts a base inside the limits, on a limit, or with no limits", () => {
    expect(baseOutsideLimits({ ...limits, base: 171 })).toBeNull();
    expect(baseOutsideLimits({ ...limits, base: 118 })).toBeNull();
    expect(baseOutsideLimits({ ...limits, base: 545 })).toBeNull();
    expect(baseOutsideLimits({ ...limits, base: 5, min: null, max: null })).toBeNull();
    expect(baseOutsideLimits({ ...limits, base: null })).toBeNull();
  });

  it("judges the base with its adjustment, as the engine prices it", () => {
    const found = baseOutsideLimits({ ...limits, base: 150, adjustment: -40 });
    expect(found?.message).toBe(
      "The base price with its -40 % adjustment comes to $90, which is below the minimum price of $118. Nights the engine would price under it are held at the minimum, whatever the demand; Preview changes counts them.",
    );
    expect(baseOutsideLimits({ ...limits, base: 110, adjustment: 10 })).toBeNull();
  });

  it("names the recommendation when the base follows it", () => {
    expect(baseOutsideLimits({ ...limits, base: 100, source: "recommendation" })?.message).toMatch(
      /^The base price recommendation \(\$100\) is below the minimum price/,
    );
  });
});

describe("minimum above maximum", () => {
  it("says in plain sentences that no price meets both", () => {
    expect(minAboveMax({ min: 300, max: 200, currency: "EUR" })?.message).toBe(
      "The minimum price (€300) is above the maximum price (€200), so no price can meet both. Lower the minimum or raise the maximum.",
    );
  });

  it("accepts equal limits and a missing one", () => {
    expect(minAboveMax({ min: 200, max: 200, currency: "EUR" })).toBeNull();
    expect(minAboveMax({ min: 300, max: null, currency: "EUR" })).toBeNull();
  });
});

describe("base price more than 30 % away from the recommendation", () => {
  it("flags a base 31 % above or below, with the distance and the recommendation", () => {
    expect(baseFarFromRecommendation({ base: 262, recommended: 200, currency: "GBP" })?.message).toBe(
      "The base price (£262) is 31 % above the service's base price recommendation (£200). More than 30 % away is rarely meant: check the amount.",
    );
    expect(baseFarFromRecommendation({ base: 138, recommended: 200, currency: "GBP" })?.message).toContain(
      "31 % below",
    );
  });

  it("accepts exactly 30 % away, and says nothing without a base or a recommendation", () => {
    expect(baseFarFromRecommendation({ base: 260, recommended: 200, currency: "GBP" })).toBeNull();
    expect(baseFarFromRecommendation({ base: 140, recommended: 200, currency: "GBP" })).toBeNull();
    expect(baseFarFromRecommendation({ base: null, recommended: 200, currency: "GBP" })).toBeNull();
    expect(baseFarFromRecommendation({ base: 900, recommended: null, currency: "GBP" })).toBeNull();
  });
});

describe("minimum stay longer than the longest recent stay", () => {
  const stays = [
    { status: "Accepted", nights: 3 },
    { status: "Accepted", nights: 5 },
    { status: "Canceled", nights: 12 },
  ];

  it("reads the longest standing stay, canceled ones left out", () => {
    expect(longestRecentStay(stays)).toEqual({ nights: 5, stays: 2, partial: false });
    expect(longestRecentStay([])).toEqual({ nights: null, stays: 0, partial: false });
  });

  it("flags a minimum stay above it, saying it would have refused every recent stay", () => {
    expect(minStayBeyondLongestStay({ minStay: 7, longest: longestRecentStay(stays) })?.message).toBe(
      "The longest of 2 stays checked in during the last 180 days was 5 nights. A minimum stay of 7 nights would have refused every one of them.",
    );
  });

  it("accepts a minimum stay equal to the longest stay, and says nothing with no recent stay", () => {
    expect(minStayBeyondLongestStay({ minStay: 5, longest: longestRecentStay(stays) })).toBeNull();
    expect(minStayBeyondLongestStay({ minStay: 30, longest: longestRecentStay([]) })).toBeNull();
    expect(minStayBeyondLongestStay({ minStay: 30, longest: null })).toBeNull();
  });

  it("says when only the first page of stays was read", () => {
    const full = Array.from({ length: RECENT_STAYS_PER_PAGE }, () => ({ status: "Accepted", nights: 2 }));
    expect(minStayBeyondLongestStay({ minStay: 3, longest: longestRecentStay(full) })?.message).toMatch(
      /^The longest of the first 100 stays/,
    );
  });
});

describe("long-term discount taking prices under the minimum", () => {
  const at = { base: 645, adjustment: -5, min: 442, currency: "USD" };

  it("flags the monthly discount that takes a night at the base under the minimum", () => {
    const found = discountBelowMinimum({ ...at, weeklyPercent: 15, monthlyPercent: 33 });
    expect(found?.setting).toBe("long_term_discounts");
    expect(found?.message).toBe(
      "A night at the base price ($613) falls with the monthly discount (33 %) to $411, below the minimum price of $442. Long stays would be priced under your minimum.",
    );
  });

  it("names both discounts when both go under", () => {
    expect(discountBelowMinimum({ ...at, weeklyPercent: 30, monthlyPercent: 40 })?.message).toContain(
      "with the weekly discount (30 %) to $429 and with the monthly discount (40 %) to $368",
    );
  });

  it("accepts discounts that stay above the minimum, and says nothing without a base or minimum", () => {
    expect(discountBelowMinimum({ ...at, weeklyPercent: 10, monthlyPercent: 20 })).toBeNull();
    expect(discountBelowMinimum({ ...at, base: null, weeklyPercent: 90, monthlyPercent: null })).toBeNull();
    expect(discountBelowMinimum({ ...at, min: null, weeklyPercent: 90, monthlyPercent: null })).toBeNull();
  });

  it("leaves a base already under the minimum to the base-outside-limits rule", () => {
    expect(discountBelowMinimum({ ...at, base: 400, weeklyPercent: 10, monthlyPercent: null })).toBeNull();
  });
});

describe("nights at the floor or the ceiling of a preview", () => {
  it("counts nights at or below the minimum and at or above the maximum", () => {
    const hits = limitHits([118, 118, 130, 545, 118], 118, 545);
    expect(hits).toEqual({ nights: 5, atFloor: 3, atCeiling: 1 });
    expect(limitHitSentences(hits, 118, 545, "USD")).toEqual([
      "3 of 5 nights would sit at your minimum price ($118).",
      "1 of 5 nights would sit at your maximum price ($545).",
    ]);
  });

  it("counts nothing against a limit that is not set", () => {
    expect(limitHits([10, 20], null, null)).toEqual({ nights: 2, atFloor: 0, atCeiling: 0 });
    expect(limitHitSentences({ nights: 2, atFloor: 0, atCeiling: 0 }, null, null, "USD")).toEqual([]);
  });

  it("says so when no night touches a limit", () => {
    expect(limitHitSentences(limitHits([150, 160], 118, 545), 118, 545, "USD")).toEqual([
      "No night would sit at your minimum or maximum price.",
    ]);
  });
});

describe("the guardrail that says nights would sit at the minimum agrees with the preview's count", () => {
  // A base under the minimum, but demand lifts most nights over it: only 2 of 5 sit at the floor.
  const preview = {
    preferences: { min_price: 118, max_price: 545 },
    price_preview: [118, 118, 130, 150, 190].map((p, i) => ({ date: `2026-12-0${i + 1}`, preview_price: p })),
  };

  it("says the preview's own sentence once a preview of the same values was made", () => {
    const { hits, min, max } = previewLimitHits(preview);
    const guardrail = baseOutsideLimits({ ...limits, base: 90, hits })!;
    const panel = limitHitSentences(hits, min, max, "USD");
    expect(panel).toEqual(["2 of 5 nights would sit at your minimum price ($118)."]);
    expect(guardrail.message).toBe(`The base price ($90) is below the minimum price of $118. ${panel[0]}`);
  });

  it("claims no share of nights before a preview counted them", () => {
    expect(baseOutsideLimits({ ...limits, base: 90 })!.message).not.toMatch(/most nights|\d+ of \d+/i);
  });

  it("says the ceiling's count from the same function for a base above the maximum", () => {
    const high = {
      preferences: { min_price: 118, max_price: 545 },
      price_preview: [545, 545, 545, 500].map((p, i) => ({ date: `2026-12-0${i + 1}`, preview_price: p })),
    };
    const { hits, min, max } = previewLimitHits(high);
    expect(baseOutsideLimits({ ...limits, base: 600, hits })!.message).toContain(
      limitHitSentences(hits, min, max, "USD")[0]!,
    );
    expect(limitHitSentences(hits, min, max, "USD")[0]).toBe(
      "3 of 4 nights would sit at your maximum price ($545).",
    );
  });
});
