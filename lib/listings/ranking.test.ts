import { describe, expect, it } from "vitest";
import { rankListings } from "@/lib/listings/ranking";

describe("portfolio ranking", () => {
  const listings = ["1", "2", "3", "4", "5"].map((svc_id) => ({ svc_id }));
  const rows = [
    { listing_id: "1", value: 10, currency: "USD" },
    { listing_id: "2", value: null, currency: "USD" },
    { listing_id: "3", value: 30, currency: "USD" },
    { listing_id: "4", value: 10, currency: "USD" },
  ];

  it("ranks highest first by default, ties by svc id, and leaves values not generated last without a rank", () => {
    const ranked = rankListings(listings, rows);
    expect(ranked.map((r) => [r.listing.svc_id, r.rank])).toEqual([
      ["3", 1],
      ["1", 2],
      ["4", 3],
      ["2", null],
    ]);
  });

  it("keeps values not generated last when ranking lowest first", () => {
    const ranked = rankListings(listings, rows, "asc");
    expect(ranked.map((r) => r.listing.svc_id)).toEqual(["1", "4", "3", "2"]);
    expect(ranked.at(-1)!.rank).toBeNull();
  });

  it("ranks only the listings shown that the answer names", () => {
    const ranked = rankListings([{ svc_id: "5" }, { svc_id: "3" }], rows);
    expect(ranked.map((r) => [r.listing.svc_id, r.rank])).toEqual([["3", 1]]);
  });
});
