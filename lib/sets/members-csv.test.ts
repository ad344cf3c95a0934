import { describe, expect, it } from "vitest";
import type { MemberListing, MembersByStatus } from "@/lib/svc/schemas/sets";
import { membersCsv } from "@/lib/sets/members-csv";

const member = (listing_id: string, status: MemberListing["status"], extra: Partial<MemberListing> = {}) =>
  ({
    listing_id,
    status,
    name: `Comp ${listing_id}`,
    channel: "vrbo",
    bedrooms: 2,
    bathrooms: 1.5,
    guests_included: 4,
    currency: "EUR",
    adr_30_0: 140,
    occupancy_adjusted_30_0: 71.5,
    revpar_30_0: 100.1,
    revenue_30_0: 3003,
    nights_booked_30_0: 21,
    adr_0_30: null,
    ...extra,
  }) as unknown as MemberListing;

describe("a set's members as CSV", () => {
  it("lists every group in the tab's order with the metrics of the period picked", () => {
    const groups: MembersByStatus = {
      active: [member("a1", "active"), member("a2", "active")],
      suggested: [member("s1", "suggested")],
      inactive: [member("i1", "inactive", { bedrooms: null })],
    };
    const [header, ...rows] = membersCsv(groups, "30_0").trimEnd().split("\r\n");
    expect(header).toBe(
      "status,listing_id,channel,name,bedrooms,bathrooms,guests_included,currency,adr_30_0,occupancy_adjusted_30_0,revpar_30_0,revenue_30_0,nights_booked_30_0",
    );
    expect(rows).toEqual([
      "active,a1,Vrbo,Comp a1,2,1.5,4,EUR,140,71.5,100.1,3003,21",
      "active,a2,Vrbo,Comp a2,2,1.5,4,EUR,140,71.5,100.1,3003,21",
      "suggested,s1,Vrbo,Comp s1,2,1.5,4,EUR,140,71.5,100.1,3003,21",
      "inactive,i1,Vrbo,Comp i1,,1.5,4,EUR,140,71.5,100.1,3003,21",
    ]);
  });

  it("a member group we do not know is kept and counted, after ours, under its raw name", () => {
    const groups: MembersByStatus = {
      active: [member("a1", "active")],
      suggested: [],
      inactive: [],
      pending: [member("p1", "pending", { channel: "expedia" })],
    };
    const [, ...rows] = membersCsv(groups, "30_0").trimEnd().split("\r\n");
    expect(rows.map((r) => r.split(",").slice(0, 3).join(","))).toEqual([
      "active,a1,Vrbo",
      "pending,p1,Expedia",
    ]);
  });

  it("a metric not generated yet for the period is an empty cell, never 0", () => {
    const groups: MembersByStatus = { active: [member("a1", "active")], suggested: [], inactive: [] };
    const [header, row] = membersCsv(groups, "0_30").trimEnd().split("\r\n");
    expect(header).toContain("adr_0_30");
    expect(row).toBe("active,a1,Vrbo,Comp a1,2,1.5,4,EUR,,,,,");
  });
});
