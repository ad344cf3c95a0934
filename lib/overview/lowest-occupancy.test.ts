import { describe, expect, it } from "vitest";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { knownLowest } from "@/lib/overview/lowest-occupancy";

const row = (listing_id: string, value: number | null): PortfolioKpiRow => ({
  listing_id,
  partner_listing_id: listing_id,
  channel: "airbnb",
  value,
  currency: "USD",
  updated_at: null,
});
const knownOf =
  (...ids: string[]) =>
  (id: string) =>
    ids.includes(id) ? ({ svc_id: id, is_active: true, is_hidden: false } as Listing) : undefined;

describe("the lowest-booked listings the Overview may name", () => {
  const ranking = [row("1", 0), row("2", 5), row("3", 20), row("4", 50), row("5", null)];

  it("every ranked listing known: the whole ranking is used", () => {
    expect(knownLowest(ranking, knownOf("1", "2", "3", "4", "5"))).toEqual({
      rows: ranking,
      unknownBelow: 0,
    });
  });

  it("stops at the first listing below the threshold that is not known, and counts those left", () => {
    const result = knownLowest(ranking, knownOf("1", "3"));
    expect(result.rows.map((r) => r.listing_id)).toEqual(["1"]);
    expect(result.unknownBelow).toBe(2);
  });

  it("an unknown listing at or above the threshold, or without a figure, does not stop it", () => {
    const result = knownLowest(ranking, knownOf("1", "2", "3"));
    expect(result.rows).toEqual(ranking);
    expect(result.unknownBelow).toBe(0);
  });
});
