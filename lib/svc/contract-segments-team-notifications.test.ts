import { describe, expect, it } from "vitest";
import { bedroomGroups, bedroomsParam, marketTimeSeriesQuery, market } from "@/lib/svc/schemas/market-report";
import { dismissNotificationsBody, putNotificationSettingsBody } from "@/lib/svc/schemas/notifications";
import { updateSegmentBody } from "@/lib/svc/schemas/segments";
import { autoManagedListingLevelBody, inviteMemberBody } from "@/lib/svc/schemas/team";
import { byId, ok } from "@/lib/svc/contract-test-support";

describe("segments, market report, team and notifications", () => {
  it("segment update needs at least one field", () => {
    expect(ok(updateSegmentBody, {})).toBe(false);
    expect(ok(updateSegmentBody, { description: null })).toBe(true);
  });

  it("segment creation requires filter_backend", () => {
    expect(ok(byId("segments.create").body!, { name: "Beach" })).toBe(false);
    expect(ok(byId("segments.create").body!, { name: "Beach", filter_backend: { tags: ["beach"] } })).toBe(
      true,
    );
  });

  it("bedrooms query accepts the market groups and 4+; bedroom_groups never answers 4+", () => {
    for (const b of ["0", "5", "6+", "2+", "4+"]) expect(ok(bedroomsParam, b)).toBe(true);
    expect(ok(bedroomsParam, "7")).toBe(false);
    expect(ok(marketTimeSeriesQuery, { metric: "occupancy", bedrooms: "3+" })).toBe(false);
    expect(ok(bedroomGroups, { market_id: "m1", groups: [{ group: "2+", listing_count: 40 }] })).toBe(true);
    expect(ok(bedroomGroups, { market_id: "m1", groups: [{ group: "4+", listing_count: 40 }] })).toBe(false);
  });

  it("market postal codes keep latlong as [lat, lng]", () => {
    const m = {
      id: "m1",
      name: "Lisbon",
      country: "PT",
      currency: "EUR",
      listing_count: 10,
      postal_codes: [{ postal_code: "1100", latlong: [38.71, -9.13], listing_count: 4 }],
    };
    expect(ok(market, m)).toBe(true);
    expect(ok(market, { ...m, postal_codes: [{ ...m.postal_codes[0], latlong: [38.71] }] })).toBe(false);
    expect(market.parse({ ...m, geometry: { type: "MultiPolygon" } })).not.toHaveProperty("geometry");
  });

  it("team invite needs an email and a team level; auto-managed level may be cleared with null", () => {
    expect(ok(inviteMemberBody, { email: "ana@example.com", level: "viewer" })).toBe(true);
    expect(ok(inviteMemberBody, { email: "ana", level: "viewer" })).toBe(false);
    expect(ok(inviteMemberBody, { email: "ana@example.com", level: "owner" })).toBe(false);
    expect(ok(autoManagedListingLevelBody, { level: null })).toBe(true);
  });

  it("notifications dismiss takes at least one id; a settings change names a channel", () => {
    expect(ok(dismissNotificationsBody, { ids: [] })).toBe(false);
    expect(ok(putNotificationSettingsBody, { settings: [{ event: "flags.detected", email: false }] })).toBe(
      true,
    );
    expect(ok(putNotificationSettingsBody, { settings: [{ event: "flags.detected" }] })).toBe(false);
  });
});
