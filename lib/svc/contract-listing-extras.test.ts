import { describe, it, expect } from "vitest";
import {
  basePriceRecommendation,
  listingFlag,
  minMaxPrices,
  monthlySeasonality,
  noteBody,
  pricingTier,
  putTagsBody,
} from "@/lib/svc/schemas/listing-extras";
import { TS, accepts, issuePaths } from "@/lib/svc/contract-test-support";

describe("pricing tier, flags, base price, seasonality, tags, notes", () => {
  it("pricing tier names are Free, Pro Flex, Pro Flat, Pro Trial, Pro Onboarding", () => {
    for (const name of ["Free", "Pro Flex", "Pro Flat", "Pro Trial", "Pro Onboarding"]) {
      expect(accepts(pricingTier, { listing_id: "L1", name }), name).toBe(true);
    }
    expect(accepts(pricingTier, { listing_id: "L1", name: "Pro" })).toBe(false);
  });

  it("flag severity is info, warning or critical", () => {
    const flag = { code: "low_occupancy", severity: "warning", message: "Occupancy is low", detected_at: TS };
    expect(accepts(listingFlag, flag)).toBe(true);
    expect(accepts(listingFlag, { ...flag, severity: "error" })).toBe(false);
  });

  it("base price attribution adds up to the recommendation", () => {
    const rec = {
      listing_id: "L1",
      currency: "USD",
      recommended_base_price: 150,
      effective_base_price: 160,
      updated_at: TS,
      attribution: {
        starting_price: 120,
        factors: [
          { factor: "bedrooms", label: "3 bedrooms", amount: 20 },
          { factor: "reviews", label: "Review score", amount: 10 },
        ],
      },
    };
    expect(accepts(basePriceRecommendation, rec)).toBe(true);
    expect(issuePaths(basePriceRecommendation, { ...rec, recommended_base_price: 170 })).toEqual([
      "attribution",
    ]);
  });

  it("configured and suggested min/max prices are each ordered", () => {
    const prices = {
      listing_id: "L1",
      currency: "USD",
      min_price: null,
      max_price: 300,
      recommended_min_price: 90,
      recommended_max_price: 80,
    };
    expect(issuePaths(minMaxPrices, prices)).toEqual(["recommended_min_price"]);
  });

  it("monthly seasonality lists each calendar month once, in order", () => {
    const months = Array.from({ length: 12 }, (_, i) => ({ month_of_year: i + 1, factor: 1 }));
    expect(accepts(monthlySeasonality, { listing_id: "L1", months })).toBe(true);
    expect(accepts(monthlySeasonality, { listing_id: "L1", months: months.slice(1) })).toBe(false);
    const swapped = [months[1], months[0], ...months.slice(2)];
    expect(accepts(monthlySeasonality, { listing_id: "L1", months: swapped })).toBe(false);
  });

  it("tags are listed once each, ignoring case", () => {
    expect(accepts(putTagsBody, { tags: ["beach", "pets"] })).toBe(true);
    expect(issuePaths(putTagsBody, { tags: ["Beach", "beach"] })).toEqual(["tags.1"]);
    expect(accepts(putTagsBody, { tags: ["  "] })).toBe(false);
    expect(accepts(putTagsBody, { tags: [] })).toBe(true);
  });

  it("a note has text", () => {
    expect(accepts(noteBody, { body: "Owner visiting in May" })).toBe(true);
    expect(accepts(noteBody, { body: "   " })).toBe(false);
  });
});
