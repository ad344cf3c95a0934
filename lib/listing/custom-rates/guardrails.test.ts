import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import {
  bulkRateGuardrails,
  canCheckRate,
  customRateOutsideLimits,
  limitsOf,
} from "@/lib/listing/custom-rates/guardrails";

const limits = { base: 171, min: 118, max: 545, currency: "USD" };

describe("custom rate below the minimum price or above the maximum", () => {
  it("flags a fixed price below the minimum", () => {
    expect(customRateOutsideLimits({ price_type: "fixed", price_value: 100 }, limits)?.message).toBe(
      "A fixed price of $100 is below the minimum price of $118. Nights in this period would be priced under your minimum.",
    );
  });

  it("flags a fixed price above the maximum", () => {
    expect(customRateOutsideLimits({ price_type: "fixed", price_value: 600 }, limits)?.message).toContain(
      "above the maximum price of $545. Nights in this period would be priced over your maximum.",
    );
  });

  it("flags a percent rate that takes a night at the base price under the minimum", () => {
    expect(customRateOutsideLimits({ price_type: "percent", price_value: -50 }, limits)?.message).toBe(
      "At the base price ($171), a rate 50 % below the recommendation comes to $86, below the minimum price of $118. Nights in this period would be priced under your minimum.",
    );
  });

  it("flags a percent rate that takes it over the maximum", () => {
    expect(customRateOutsideLimits({ price_type: "percent", price_value: 250 }, limits)?.message).toContain(
      "a rate 250 % above the recommendation comes to $599, above the maximum price of $545",
    );
  });

  it("accepts rates inside the limits, on a limit, and any rate on a listing without limits", () => {
    expect(customRateOutsideLimits({ price_type: "fixed", price_value: 118 }, limits)).toBeNull();
    expect(customRateOutsideLimits({ price_type: "percent", price_value: -15 }, limits)).toBeNull();
    expect(
      customRateOutsideLimits({ price_type: "fixed", price_value: 1 }, { ...limits, min: null, max: null }),
    ).toBeNull();
  });

  it("cannot judge a percent rate without a base, and says nothing", () => {
    const unknown = { ...limits, base: null };
    expect(canCheckRate("percent", unknown)).toBe(false);
    expect(canCheckRate("fixed", unknown)).toBe(true);
    expect(customRateOutsideLimits({ price_type: "percent", price_value: -90 }, unknown)).toBeNull();
  });
});

describe("a listing's limits for the custom-rate rule", () => {
  const listing = (prefs: Record<string, unknown>) =>
    ({
      svc_id: "1",
      currency: "EUR",
      listing_preferences: {
        base_price: 200,
        base_price_adjustment: 10,
        min_price: 150,
        max_price: 500,
        ...prefs,
      },
    }) as unknown as Listing;

  it("takes the base with its adjustment, or the recommendation when the base follows it", () => {
    const limits = limitsOf(listing({}));
    expect(limits.base).toBeCloseTo(220);
    expect(limits).toMatchObject({ min: 150, max: 500, currency: "EUR" });
    expect(limitsOf(listing({ base_price: null, base_price_adjustment: null }), 180).base).toBe(180);
    expect(limitsOf(listing({ base_price: null })).base).toBeNull();
  });

  it("judges each listing of a bulk change on its own limits, and sets aside those it cannot judge", () => {
    const high = listing({ min_price: 190 });
    const low = { ...listing({}), svc_id: "2" } as Listing;
    const following = { ...listing({ base_price: null }), svc_id: "3" } as Listing;
    const fixed = bulkRateGuardrails([high, low], { price_type: "fixed", price_value: 175 });
    expect(fixed.findings.map((f) => f.listing.svc_id)).toEqual(["1"]);
    const percent = bulkRateGuardrails([low, following], { price_type: "percent", price_value: -40 });
    expect(percent.findings.map((f) => f.listing.svc_id)).toEqual(["2"]);
    expect(percent.unchecked.map((l) => l.svc_id)).toEqual(["3"]);
  });
});
