import { describe, expect, it } from "vitest";
import {
  isReferenceRow,
  pinReference,
  referenceRow,
  referenceRowId,
  searchedAround,
} from "@/lib/sets/reference-row";
import type { RollingKpis } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";

const listing = {
  svc_id: "svc_9",
  name: "My loft",
  channel: "airbnb",
  latitude: 25.79,
  longitude: -80.13,
  bedrooms: 2,
  bathrooms: 1.5,
  currency: "USD",
} as Listing;

describe("the reference row of the listing searched around", () => {
  it("is offered only for a search near one of my listings, by its svc id", () => {
    expect(searchedAround({ listing_id: "svc_9", channel: "svc" })).toBe("svc_9");
    expect(searchedAround({})).toBeNull();
  });

  it("carries my listing's facts and its rolling KPIs under the candidates' metric keys", () => {
    const kpis = {
      listing_id: "svc_9",
      currency: "USD",
      adr_30_0: 212,
      occupancy_adjusted_0_90: 61,
    } as unknown as RollingKpis;
    const row = referenceRow(listing, kpis);
    expect(row).toMatchObject({
      name: "My loft",
      bedrooms: 2,
      bathrooms: 1.5,
      currency: "USD",
      distance_km: 0,
    });
    expect(row.adr_30_0).toBe(212);
    expect(row.occupancy_adjusted_0_90).toBe(61);
    // What the KPIs do not say stays unknown, never 0.
    expect(row.revenue_365_0).toBeNull();
    expect(isReferenceRow(row.listing_id)).toBe(true);
  });

  it("shows every metric as unknown while the KPIs are not read", () => {
    const row = referenceRow(listing, null);
    expect(row.adr_30_0).toBeNull();
    expect(row.currency).toBe("USD");
  });

  it("stays first whatever the sort, never taken for a candidate", () => {
    const rows = [{ id: "a" }, { id: referenceRowId("svc_9") }, { id: "b" }];
    expect(pinReference(rows).map((r) => r.id)).toEqual(["reference:svc_9", "a", "b"]);
    expect(isReferenceRow("a")).toBe(false);
  });
});
