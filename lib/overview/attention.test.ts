import { describe, expect, it } from "vitest";
import type { ListingFlag } from "@/lib/svc/schemas/listing-extras";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { attentionItems, reasonText, type AttentionInputs } from "@/lib/overview/attention";

const NOW = Date.parse("2026-11-25T08:00:00Z");
const listing = (svc_id: string, extra: Partial<Listing> = {}) =>
  ({ svc_id, name: `Listing ${svc_id}`, is_hidden: false, is_active: true, ...extra }) as Listing;
const occ = (listing_id: string, value: number | null): PortfolioKpiRow => ({
  listing_id,
  partner_listing_id: listing_id,
  channel: "airbnb",
  value,
  currency: "USD",
  updated_at: null,
});
const flag = (severity: ListingFlag["severity"], message = "m"): ListingFlag => ({
  code: "price_stale",
  severity,
  message,
  detected_at: "2026-11-24T00:00:00Z",
});
const inputs = (over: Partial<AttentionInputs>): AttentionInputs => ({
  listings: [listing("1"), listing("2"), listing("3")],
  occupancyNext14: [],
  inboxEvents: [],
  notifications: [],
  flags: new Map(),
  now: NOW,
  ...over,
});

describe("listings needing attention", () => {
  it("a listing below 40 % booked in the next 14 days needs attention; one at 40 % does not", () => {
    const items = attentionItems(inputs({ occupancyNext14: [occ("1", 39.9), occ("2", 40), occ("3", null)] }));
    expect(items.map((i) => i.svcId)).toEqual(["1"]);
  });

  it("the emptier listing comes first", () => {
    const items = attentionItems(inputs({ occupancyNext14: [occ("1", 30), occ("2", 5)] }));
    expect(items.map((i) => i.svcId)).toEqual(["2", "1"]);
  });

  it("hidden and inactive listings are left out, as in the portfolio table", () => {
    const items = attentionItems(
      inputs({
        listings: [listing("1", { is_hidden: true }), listing("2", { is_active: false })],
        occupancyNext14: [occ("1", 0), occ("2", 0)],
      }),
    );
    expect(items).toEqual([]);
  });

  it("a recent flags.detected event names its listings; an event older than 7 days does not", () => {
    const items = attentionItems(
      inputs({
        inboxEvents: [
          { type: "flags.detected", listing_ids: ["1"], received_at: "2026-11-24T10:00:00Z" },
          { type: "flags.detected", listing_ids: ["2"], received_at: "2026-11-10T10:00:00Z" },
          { type: "reservations.ingested", listing_ids: ["3"], received_at: "2026-11-24T10:00:00Z" },
        ],
      }),
    );
    expect(items.map((i) => [i.svcId, i.reasons[0]?.kind])).toEqual([["1", "flag_event"]]);
  });

  it("checked flags replace the event's mention and a critical flag ranks first", () => {
    const items = attentionItems(
      inputs({
        occupancyNext14: [occ("2", 0)],
        inboxEvents: [{ type: "flags.detected", listing_ids: ["1"], received_at: "2026-11-24T10:00:00Z" }],
        flags: new Map([
          ["1", [flag("warning")]],
          ["3", [flag("critical"), flag("info")]],
          ["2", []],
        ]),
      }),
    );
    expect(items.map((i) => i.svcId)).toEqual(["3", "1", "2"]);
    expect(items[1]?.reasons.map((r) => r.kind)).toEqual(["flags"]);
    expect(reasonText(items[0]!.reasons[0]!)).toBe("2 flags (1 critical, 1 info)");
  });

  it("an undismissed notification asking for action names its listing; a dismissed one or good news does not", () => {
    const at = "2026-11-24T00:00:00Z";
    const items = attentionItems(
      inputs({
        notifications: [
          { event: "sync.failed", listing_id: "2", title: "Sync failed", created_at: at, dismissed_at: null },
          { event: "sync.failed", listing_id: "3", title: "Old", created_at: at, dismissed_at: at },
          {
            event: "reservations.new",
            listing_id: "1",
            title: "New reservation",
            created_at: at,
            dismissed_at: null,
          },
          { event: "sync.failed", listing_id: null, title: "Account", created_at: at, dismissed_at: null },
        ],
      }),
    );
    expect(items.map((i) => [i.svcId, reasonText(i.reasons[0]!)])).toEqual([
      ["2", "Notification: Sync failed"],
    ]);
  });

  it("one row per listing, with every reason", () => {
    const items = attentionItems(
      inputs({
        occupancyNext14: [occ("1", 10)],
        notifications: [
          {
            event: "flags.detected",
            listing_id: "1",
            title: "T",
            created_at: "2026-11-24T00:00:00Z",
            dismissed_at: null,
          },
        ],
      }),
    );
    expect(items).toHaveLength(1);
    expect(items[0]?.reasons.map((r) => r.kind).sort()).toEqual(["low_occupancy", "notification"]);
  });
});
