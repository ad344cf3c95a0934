import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import { READ_ONLY_KEY_REASON, refusalSentence } from "@/lib/sets/access";
import type { MemberListing, MembersByStatus } from "@/lib/svc/schemas/sets";
import {
  filtersInWords,
  formatMetric,
  listInWords,
  memberGroups,
  membersById,
  membershipInWords,
  memberStatusWords,
  memberTotal,
  otherStatuses,
  setChangeError,
} from "@/lib/sets/page";

const svcError = (status: number, code: string, details?: Record<string, unknown>) =>
  new SvcError({ status, code, message: "the service's words", details });

describe("a set in words", () => {
  it("a filter-based set names its filters: place and radius, bedrooms, amenities", () => {
    const words = filtersInWords(
      {
        latitude: 30.2489,
        longitude: -97.7501,
        radius_km: 3,
        bedrooms_min: 2,
        bedrooms_max: 2,
        amenities: ["pool", "air_conditioning"],
      },
      5,
    );
    expect(words).toContain("within 3 km of 30.2489, -97.7501");
    expect(words).toContain("2 bedrooms");
    expect(words).toContain("with pool, air conditioning");
  });

  it("a point without a radius uses the service's default radius", () => {
    expect(filtersInWords({ latitude: 1, longitude: 2 }, 5)).toContain("within 5 km of");
  });

  it("a radius reads in miles for a reader who reads miles", () => {
    expect(filtersInWords({ latitude: 1, longitude: 2, radius_km: 3 }, 5, "mi")).toContain(
      "within 1.9 mi of",
    );
  });

  it("a bedroom range with one end says at least or at most", () => {
    expect(filtersInWords({ bedrooms_min: 1 }, 5)).toBe("at least 1 bedroom");
    expect(filtersInWords({ bedrooms_max: 3 }, 5)).toBe("at most 3 bedrooms");
    expect(filtersInWords({ bedrooms_min: 1, bedrooms_max: 3 }, 5)).toBe("1–3 bedrooms");
  });

  it("a static set says members change only by hand; a filter-based one warns a sync may restore them", () => {
    expect(membershipInWords({ membership: "static", filters: null }, 5).label).toBe("Static");
    const filter = membershipInWords({ membership: "filter", filters: { bedrooms_min: 2 } }, 5);
    expect(filter.label).toBe("Filter-based");
    expect(filter.detail).toContain("at least 2 bedrooms");
    expect(filter.detail).toMatch(/may restore removed members/);
  });
});

describe("members", () => {
  it("a member can be moved to either of the two other statuses", () => {
    expect(otherStatuses("active")).toEqual(["suggested", "inactive"]);
    expect(otherStatuses("suggested")).toEqual(["active", "inactive"]);
    expect(otherStatuses("inactive")).toEqual(["active", "suggested"]);
  });

  it("a member group we do not know is kept and counted", () => {
    const member = (listing_id: string, status: string) => ({ listing_id, status }) as MemberListing;
    const groups: MembersByStatus = {
      active: [member("a1", "active")],
      suggested: [],
      inactive: [member("i1", "inactive")],
      pending: [member("p1", "pending"), member("p2", "pending")],
      archived: [member("x1", "archived")],
    };
    // Ours in our order, always; then the service's others by their raw name.
    expect(memberGroups(groups).map((g) => [g.status, g.members.length])).toEqual([
      ["active", 1],
      ["suggested", 0],
      ["inactive", 1],
      ["archived", 1],
      ["pending", 2],
    ]);
    expect(memberTotal(groups)).toBe(5);
    expect([...membersById(groups).keys()].sort()).toEqual(["a1", "i1", "p1", "p2", "x1"]);
    expect(memberStatusWords("pending").label).toBe("Pending");
    expect(memberStatusWords("suggested").label).toBe("Suggested");
    // A member of an unknown group can be moved to any status we know, and only to those.
    expect(otherStatuses("pending")).toEqual(["active", "suggested", "inactive"]);
  });

  it("a kind of membership we do not know is named in words, not taken for static", () => {
    expect(membershipInWords({ membership: "hybrid", filters: null }, 5).label).toBe("Hybrid");
  });

  it("an unknown metric is shown as unknown, never as 0", () => {
    expect(formatMetric(null, "money", "USD")).toBe("unknown");
    expect(formatMetric(null, "percent", "USD")).toBe("unknown");
    expect(formatMetric(0, "count", "USD")).toBe("0");
  });

  it("metrics are formatted by kind: money in the member's currency, percentages with %", () => {
    expect(formatMetric(222.58, "money", "EUR")).toBe("€223");
    expect(formatMetric(56.2, "percent", "EUR")).toBe("56.2%");
  });

  it("lists read as a sentence", () => {
    expect(listInWords(["A"])).toBe("A");
    expect(listInWords(["A", "B"])).toBe("A and B");
    expect(listInWords(["A", "B", "C"])).toBe("A, B and C");
  });
});

describe("a failed change in a sentence", () => {
  it("422 ineligible_listings names each listing, by name when known", () => {
    const error = svcError(422, "ineligible_listings", { listing_ids: ["5001", "5002"] });
    const sentence = setChangeError(error, "addMembers", new Map([["5001", "Sunny Loft"]]));
    expect(sentence).toContain("Sunny Loft (#5001) and #5002");
    expect(sentence).toMatch(/not eligible comparison candidates/);
    expect(sentence).toMatch(/Nothing in this request was applied/);
  });

  it("403 says which access the change needs", () => {
    expect(setChangeError(svcError(403, "forbidden"), "removeMembers")).toContain(
      refusalSentence("removeMembers"),
    );
    expect(setChangeError(svcError(403, "forbidden"), "share")).toContain(refusalSentence("share"));
  });

  it("403 from a read-only key says the key is read-only", () => {
    expect(setChangeError(svcError(403, "read_only_key"), "addMembers")).toBe(READ_ONLY_KEY_REASON);
  });

  it("422 unknown_users names the address no account uses", () => {
    const sentence = setChangeError(
      svcError(422, "unknown_users", { users: ["nobody@example.com"] }),
      "share",
    );
    expect(sentence).toContain("nobody@example.com");
  });

  it("anything else is left to the generic description", () => {
    expect(setChangeError(svcError(500, "internal"), "addMembers")).toBeNull();
    expect(setChangeError(new Error("network"), "addMembers")).toBeNull();
  });
});
