import { describe, expect, it } from "vitest";
import {
  bulkAddress,
  bulkPermission,
  bulkResults,
  MAX_BULK_TARGETS,
  namesAndMore,
  planBulk,
  VIEW_ONLY_NOT_SENT,
} from "@/lib/listing/custom-rates/bulk";
import { READ_ONLY_CUSTOM_RATES_REASON } from "@/lib/listing/custom-rates/permission";
import type { Listing, ListingAccessLevel } from "@/lib/svc/schemas/listings";

const listing = (svc_id: string, access_level: ListingAccessLevel = "owner", currency = "USD") =>
  ({ svc_id, id: `ch-${svc_id}`, name: `Listing ${svc_id}`, access_level, currency }) as Listing;

describe("which selected listings a bulk custom rate is sent to", () => {
  it("sends the listings the caller may change and keeps viewers' out, to be told apart", () => {
    const plan = planBulk([listing("1"), listing("2", "viewer"), listing("3", "restricted_editor")]);
    expect(plan.targets.map((l) => l.svc_id)).toEqual(["1", "3"]);
    expect(plan.viewOnly.map((l) => l.svc_id)).toEqual(["2"]);
  });

  it("an unknown access level gets the least privilege: not sent, like a viewer's", () => {
    const plan = planBulk([listing("1"), listing("2", "co_host")]);
    expect(plan.targets.map((l) => l.svc_id)).toEqual(["1"]);
    expect(plan.viewOnly.map((l) => l.svc_id)).toEqual(["2"]);
  });

  it("names the currencies a fixed price would be read in", () => {
    expect(planBulk([listing("1"), listing("2", "owner", "EUR"), listing("3")]).currencies).toEqual([
      "EUR",
      "USD",
    ]);
  });

  it("addresses the first listing in the path and the others in listing_ids", () => {
    expect(bulkAddress([listing("7"), listing("8"), listing("9")])).toEqual({
      pathId: "7",
      listingIds: ["8", "9"],
    });
    expect(bulkAddress([listing("7")])).toEqual({ pathId: "7", listingIds: [] });
  });
});

describe("when a bulk custom rate can be sent", () => {
  it("never on a read-only key", () => {
    expect(bulkPermission(planBulk([listing("1")]), 1, true)).toEqual({
      allowed: false,
      reason: READ_ONLY_CUSTOM_RATES_REASON,
    });
  });

  it("not without a selection, nor when every selected listing is view-only", () => {
    expect(bulkPermission(planBulk([]), 0, false).allowed).toBe(false);
    const viewers = [listing("1", "viewer")];
    const refusal = bulkPermission(planBulk(viewers), 1, false);
    expect(refusal.allowed).toBe(false);
    expect(!refusal.allowed && refusal.reason).toMatch(/view-only/);
  });

  it("for any number of listings: the service's limit per call only sets the chunk size", () => {
    const many = Array.from({ length: MAX_BULK_TARGETS * 14 + 1 }, (_, i) => listing(String(i)));
    expect(bulkPermission(planBulk(many), many.length, false).allowed).toBe(true);
  });
});

describe("each listing's result", () => {
  const plan = planBulk([listing("1"), listing("2"), listing("3", "viewer"), listing("4")]);

  it("is applied, refused with the service's reason, or not sent, in the selection's order", () => {
    const rows = bulkResults(plan, {
      results: [
        { listing_id: "1", custom_rates: [] },
        { listing_id: "4", custom_rates: [] },
      ],
      errors: [
        {
          listing_id: "2",
          status: 403,
          error: { code: "forbidden", message: "Viewers cannot change the custom rates of listing 2." },
        },
      ],
    });
    expect(rows.map((r) => [r.listing.svc_id, r.outcome])).toEqual([
      ["1", "applied"],
      ["2", "refused"],
      ["4", "applied"],
      ["3", "not_sent"],
    ]);
    expect(rows[1]).toMatchObject({ reason: "Viewers cannot change the custom rates of listing 2." });
    expect(rows[3]).toMatchObject({ reason: VIEW_ONLY_NOT_SENT });
  });

  it("counts the periods now in force on an applied listing", () => {
    const period = {
      start_date: "2026-12-01",
      end_date: "2026-12-02",
      price_type: "fixed" as const,
      price_value: 100,
      currency: "USD",
    };
    const rows = bulkResults(planBulk([listing("1")]), {
      results: [
        {
          listing_id: "1",
          custom_rates: [period, { ...period, start_date: "2026-12-05", end_date: "2026-12-06" }],
        },
      ],
      errors: [],
    });
    expect(rows[0]).toMatchObject({ outcome: "applied", periods: 2 });
  });

  it("reports a listing the answer does not mention as refused, never as applied", () => {
    const rows = bulkResults(planBulk([listing("1"), listing("2")]), {
      results: [{ listing_id: "1", custom_rates: [] }],
      errors: [],
    });
    expect(rows[1]).toMatchObject({ outcome: "refused" });
  });
});

describe("naming a large selection", () => {
  it("names the first few and counts the rest, so the line stays short", () => {
    const many = Array.from({ length: 1425 }, (_, i) => listing(String(i + 1)));
    expect(namesAndMore(many, 2)).toBe("Listing 1, Listing 2 and 1,423 more");
    expect(namesAndMore(many.slice(0, 2), 5)).toBe("Listing 1, Listing 2");
  });
});
