import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import {
  batchGuardrails,
  followingRecommendation,
  guardrailNeeds,
  guardrailSignature,
  placeOf,
  preferenceGuardrails,
  recentStaysFilter,
  type PriceSettings,
} from "@/lib/listing/preferences/guardrail-checks";

const stored: PriceSettings = {
  base_price: 171,
  base_price_adjustment: null,
  min_price: 118,
  max_price: 545,
  min_stay: 2,
  long_term_discounts: { weekly_percent: 8, monthly_percent: 26 },
};
const readings = { currency: "USD", recommended: 171, longest: { nights: 10, stays: 40, partial: false } };

describe("which guardrails a preferences write raises", () => {
  it("raises the base-below-minimum and far-from-recommendation rules for a base of 90", () => {
    const found = preferenceGuardrails(stored, { base_price: 90 }, readings);
    expect(found.map((g) => g.rule)).toEqual(["base_far_from_recommendation", "base_outside_limits"]);
  });

  it("raises nothing for a write that changes no setting a rule involves, even if the stored values would", () => {
    const odd = { ...stored, base_price: 90 };
    expect(preferenceGuardrails(odd, { nickname: "x" }, readings)).toEqual([]);
    expect(preferenceGuardrails(odd, { min_stay: 3 }, readings)).toEqual([]);
  });

  it("raises base-outside-limits when a new minimum passes the stored base, and says it beside the minimum", () => {
    const changes = { min_price: 200 };
    const [found] = preferenceGuardrails(stored, changes, readings);
    expect(found?.rule).toBe("base_outside_limits");
    expect(placeOf(found!, changes)).toBe("min_price");
  });

  it("compares a base that follows the recommendation through the recommendation", () => {
    const following = { ...stored, base_price: null };
    const [found] = preferenceGuardrails(following, { max_price: 150 }, readings);
    expect(found?.message).toMatch(/^The base price recommendation \(\$171\) is above the maximum/);
  });

  it("raises the minimum-stay rule from the longest recent stay read", () => {
    expect(preferenceGuardrails(stored, { min_stay: 14 }, readings).map((g) => g.rule)).toEqual([
      "min_stay_beyond_longest_stay",
    ]);
    expect(preferenceGuardrails(stored, { min_stay: 14 }, { ...readings, longest: null })).toEqual([]);
  });

  it("raises the discount rule for a monthly discount that goes under the minimum", () => {
    const changes = { long_term_discounts: { weekly_percent: 8, monthly_percent: 40 } };
    expect(preferenceGuardrails(stored, changes, readings).map((g) => g.rule)).toEqual([
      "discount_below_minimum",
    ]);
  });
});

describe("what the guardrails need read", () => {
  it("reads the recommendation for a new base price, or for new limits on a base that follows it", () => {
    expect(guardrailNeeds(stored, { base_price: 200 })).toEqual({ recommendation: true, recentStays: false });
    expect(guardrailNeeds(stored, { base_price: null })).toEqual({
      recommendation: false,
      recentStays: false,
    });
    expect(guardrailNeeds(stored, { min_price: 100 }).recommendation).toBe(false);
    expect(guardrailNeeds({ ...stored, base_price: null }, { min_price: 100 }).recommendation).toBe(true);
  });

  it("reads recent stays only for a minimum stay being set", () => {
    expect(guardrailNeeds(stored, { min_stay: 4 }).recentStays).toBe(true);
    expect(guardrailNeeds(stored, { min_stay: null }).recentStays).toBe(false);
  });

  it("reads recent stays as check-ins of the last 180 days, one page", () => {
    expect(recentStaysFilter("2026-11-21")).toEqual({
      by: "check_in",
      from: "2026-05-25",
      to: "2026-11-21",
      page: 1,
    });
  });
});

describe("a confirmation's signature", () => {
  it("changes with the values the sentences carry", () => {
    const at90 = preferenceGuardrails(stored, { base_price: 90 }, readings);
    const at80 = preferenceGuardrails(stored, { base_price: 80 }, readings);
    expect(guardrailSignature(at90)).not.toBe(guardrailSignature(at80));
    expect(guardrailSignature(at90)).toBe(
      guardrailSignature(preferenceGuardrails(stored, { base_price: 90 }, readings)),
    );
  });
});

describe("a batch's guardrails per listing", () => {
  const takesAll = {
    checkin_checkout: true,
    min_stay: true,
    long_term_discounts: true,
    long_term_discount_form: "percent",
  };
  const listing = (svc_id: string, prefs: Partial<PriceSettings>, supported = takesAll) =>
    ({
      svc_id,
      name: `Listing ${svc_id}`,
      currency: "USD",
      listing_preferences: { ...stored, ...prefs },
      supported_settings: supported,
    }) as unknown as Listing;
  const cheap = listing("1", { base_price: 100, min_price: 80 });
  const dear = listing("2", { base_price: 400, min_price: 300 });

  it("names only the listing whose base the new minimum passes", () => {
    const found = batchGuardrails([cheap, dear], { min_price: 150 }, new Map());
    expect(found.map((f) => [f.listing.svc_id, f.guardrail.rule, f.place])).toEqual([
      ["1", "base_outside_limits", "min_price"],
    ]);
  });

  it("says the service will refuse a listing whose stored maximum is under the new minimum", () => {
    const found = batchGuardrails(
      [listing("3", { max_price: 200, base_price: null })],
      { min_price: 250 },
      new Map(),
    );
    expect(found[0]?.guardrail.message).toContain(
      "The service will refuse this listing; the others still apply.",
    );
  });

  it("uses each listing's longest recent stay when it was read", () => {
    const longest = new Map([["2", { nights: 3, stays: 12, partial: false }]]);
    const found = batchGuardrails([cheap, dear], { min_stay: 5 }, longest);
    expect(found.map((f) => f.listing.svc_id)).toEqual(["2"]);
  });

  it("leaves out a setting the listing's channel does not take, as the service discards it", () => {
    const noDiscounts = listing("5", {}, { ...takesAll, long_term_discounts: false });
    const changes = { long_term_discounts: { weekly_percent: 50, monthly_percent: 60 } };
    expect(batchGuardrails([noDiscounts], changes, new Map())).toEqual([]);
    expect(batchGuardrails([listing("6", {})], changes, new Map())).toHaveLength(1);
  });

  it("counts listings whose base follows the recommendation when the batch changes a limit", () => {
    const following = listing("4", { base_price: null });
    expect(followingRecommendation([cheap, following], { min_price: 150 })).toBe(1);
    expect(followingRecommendation([cheap, following], { min_stay: 3 })).toBe(0);
  });
});
