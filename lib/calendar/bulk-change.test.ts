import { describe, expect, it } from "vitest";
import { nightColumns } from "@/lib/format/night-columns";
import { VIEW_ONLY_NOT_SENT } from "@/lib/listing/custom-rates/bulk";
import type { PriceCalendarNight } from "@/lib/svc/schemas/calendar";
import type { Listing, ListingAccessLevel } from "@/lib/svc/schemas/listings";
import {
  ALL_BOOKED_NOT_SENT,
  groupResults,
  groupWrites,
  notSentResults,
  periodsFor,
  periodsSkippingBooked,
  planChange,
  UNREAD_NOT_SENT,
} from "@/lib/calendar/bulk-change";
import { rowNights } from "@/lib/calendar/rows";

const START = "2026-12-01";
const grid = nightColumns(START, "2026-12-10");

const listing = (svc_id: string, access_level: ListingAccessLevel = "owner", currency = "USD") =>
  ({ svc_id, id: `ch-${svc_id}`, name: `Listing ${svc_id}`, access_level, currency }) as Listing;

/** A listing's nights over the grid; `booked` are column indexes. */
function row(svcId: string, booked: number[] = [], price = 200) {
  const nights: PriceCalendarNight[] = grid.columns.map((c, i) => ({
    date: c.date,
    price: price + i,
    recommended_price: price,
    min_stay: 2,
    available: !booked.includes(i),
    is_booked: booked.includes(i),
    reservation_id: booked.includes(i) ? "HM1" : null,
    custom_rate: null,
    demand: "normal",
  }));
  return rowNights({ listing_id: svcId, currency: "USD", nights }, grid.colOf, grid.columns.length, price);
}

describe("a change over selected nights skips booked ones", () => {
  it("an open stretch is one period", () => {
    const plan = periodsSkippingBooked(row("1"), 2, 5, grid.columns);
    expect(plan.periods).toEqual([{ start_date: "2026-12-03", end_date: "2026-12-06" }]);
    expect(plan).toMatchObject({ nights: 4, booked: 0, priceNow: { low: 202, high: 205 } });
  });

  it("booked nights split the selection into the open periods around them", () => {
    const plan = periodsSkippingBooked(row("1", [3, 4, 7]), 1, 8, grid.columns);
    expect(plan.periods).toEqual([
      { start_date: "2026-12-02", end_date: "2026-12-03" },
      { start_date: "2026-12-06", end_date: "2026-12-07" },
      { start_date: "2026-12-09", end_date: "2026-12-09" },
    ]);
    expect(plan.nights).toBe(5);
    expect(plan.booked).toBe(3);
  });

  it("a listing whose selected nights are all booked gets nothing written, and says so", () => {
    const plan = planChange([{ listing: listing("1"), row: row("1", [2, 3]) }], 2, 3, grid.columns);
    expect(plan.sends).toEqual([]);
    expect(plan.allBooked.map((p) => p.listing.svc_id)).toEqual(["1"]);
    expect(notSentResults(plan)).toEqual([
      { listing: listing("1"), outcome: "not_sent", reason: ALL_BOOKED_NOT_SENT },
    ]);
  });

  it("viewers' listings and listings whose nights were not read are not sent, each with its reason", () => {
    const plan = planChange(
      [
        { listing: listing("1"), row: row("1") },
        { listing: listing("2", "viewer"), row: row("2") },
        { listing: listing("3"), row: null },
      ],
      0,
      1,
      grid.columns,
    );
    expect(plan.sends.map((s) => s.listing.svc_id)).toEqual(["1"]);
    expect(notSentResults(plan).map((r) => [r.listing.svc_id, r.outcome === "not_sent" && r.reason])).toEqual(
      [
        ["2", VIEW_ONLY_NOT_SENT],
        ["3", UNREAD_NOT_SENT],
      ],
    );
  });

  it("an unknown access level gets the least privilege: not sent, like a viewer's", () => {
    const plan = planChange([{ listing: listing("1", "co_host"), row: row("1") }], 0, 1, grid.columns);
    expect(plan.sends).toEqual([]);
    expect(plan.viewOnly.map((l) => l.svc_id)).toEqual(["1"]);
  });
});

describe("grouping the writes", () => {
  it("listings with the same periods share one bulk write; one with bookings of its own goes alone", () => {
    const plan = planChange(
      [
        { listing: listing("1"), row: row("1") },
        { listing: listing("2"), row: row("2", [4]) },
        { listing: listing("3"), row: row("3") },
      ],
      2,
      6,
      grid.columns,
    );
    const groups = groupWrites(plan.sends);
    expect(groups.map((g) => g.listings.map((l) => l.svc_id))).toEqual([["1", "3"], ["2"]]);
    expect(groups[1]!.periods).toHaveLength(2);
  });

  it("no bulk write names more listings than the service takes", () => {
    const many = Array.from({ length: 250 }, (_, i) => ({
      listing: listing(String(i)),
      row: row(String(i)),
    }));
    const groups = groupWrites(planChange(many, 0, 2, grid.columns).sends, 101);
    expect(groups.map((g) => g.listings.length)).toEqual([101, 101, 48]);
  });

  it("a minimum stay is written as a period that follows the recommendation with that stay", () => {
    const periods = [{ start_date: "2026-12-01", end_date: "2026-12-02" }];
    expect(periodsFor({ kind: "min_stay", minStay: 3 }, periods)).toEqual([
      { ...periods[0], price_type: "percent", price_value: 0, min_stay: 3 },
    ]);
    expect(periodsFor({ kind: "rate", priceType: "fixed", priceValue: 250 }, periods, "Festival")).toEqual([
      { ...periods[0], price_type: "fixed", price_value: 250, reason: "Festival" },
    ]);
  });
});

describe("one result line per listing", () => {
  const group = { listings: [listing("1"), listing("2"), listing("3")], periods: [] };

  it("a bulk answer: applied ones with their periods, refused ones with the service's reason, unmentioned ones refused", () => {
    const lines = groupResults(group, {
      kind: "bulk",
      result: {
        results: [{ listing_id: "1", custom_rates: [{}, {}] as never }],
        errors: [
          {
            listing_id: "2",
            status: 422,
            error: { code: "invalid_request", message: "The price is below the minimum price of 120." },
          },
        ],
      },
    });
    expect(lines.map((l) => [l.listing.svc_id, l.outcome])).toEqual([
      ["1", "applied"],
      ["2", "refused"],
      ["3", "refused"],
    ]);
    expect(lines[0]).toMatchObject({ periods: 2 });
    expect(lines[1]).toMatchObject({ reason: "The price is below the minimum price of 120." });
    expect(lines[2]).toMatchObject({ reason: "The service did not report a result for this listing." });
  });

  it("a whole call refused refuses each of its listings with the reason", () => {
    const lines = groupResults(group, { kind: "refused", reason: "No such listing." });
    expect(lines.every((l) => l.outcome === "refused" && l.reason === "No such listing.")).toBe(true);
    expect(lines).toHaveLength(3);
  });
});
