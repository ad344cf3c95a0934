import { describe, expect, it } from "vitest";
import {
  applyTime,
  changedSettingNames,
  liveRecommendations,
  postingOf,
  type ApplyContext,
} from "@/lib/listing/apply-time";

const auto: ApplyContext = { automaticPosting: true, live: "connected" };
const manual: ApplyContext = { automaticPosting: false, live: "not_connected" };

describe("a settings change is followed by recommendations.updated when recommendations are next computed", () => {
  it("says a base price is stored now and reaches the calendar at the next pricing run", () => {
    const said = applyTime({ kind: "preferences", settings: ["base_price"] }, auto);
    expect(said.now).toBe("Stored now: base price.");
    expect(said.next).toMatch(/^The price calendar's recommendations change at the next pricing run/);
    expect(said.next).toMatch(/not on save/);
    expect(said.next).toMatch(/Automatic posting then sends them to the channel/);
    expect(said.next).toMatch(/refreshes by itself/);
  });

  it("says Sync alone posts when automatic posting is off, and to reload when no webhook is heard", () => {
    const said = applyTime({ kind: "preferences", settings: ["min_price", "min_stay"] }, manual);
    expect(said.now).toBe("Stored now: minimum price and minimum stay.");
    expect(said.next).toMatch(/keeps its prices until you press Sync/);
    expect(said.next).toMatch(/not connected to the service's webhooks, so reload the price calendar/);
  });

  it("says nothing about refreshing when the connection is unknown", () => {
    const said = applyTime(
      { kind: "preferences", settings: ["max_price"] },
      { automaticPosting: true, live: "unknown" },
    );
    expect(said.next).not.toMatch(/refreshes|reload/);
  });

  it("says nothing waits for the pricing run when only a nickname or the fee estimate changed", () => {
    const said = applyTime({ kind: "preferences", settings: ["nickname", "fee_adjustments"] }, auto);
    expect(said.now).toBe("In effect now: nickname and fee adjustments.");
    expect(said.next).toMatch(/^Nothing waits for the pricing run/);
  });

  it("says automatic posting changes at once", () => {
    expect(applyTime({ kind: "preferences", settings: ["pricing_enabled"] }, manual).now).toMatch(
      /^Automatic posting is off from now/,
    );
    expect(applyTime({ kind: "preferences", settings: ["pricing_enabled"] }, auto).now).toBe(
      "Automatic posting is on from now.",
    );
  });

  it("counts the listings of a batch and words posting for listings that differ", () => {
    const said = applyTime(
      { kind: "preferences", settings: ["base_price_adjustment"], listings: 4 },
      { automaticPosting: null, live: "unknown" },
    );
    expect(said.now).toBe("Stored now on 4 listings: base price adjustment.");
    expect(said.next).toMatch(
      /Listings with automatic posting send them to the channel then; the others when you press Sync/,
    );
  });
});

describe("a custom rate applies to the price to post at once and to the channel at the next posting", () => {
  it("says an added rate is in the price to post and minimum stay now, the channel at the next posting", () => {
    const said = applyTime({ kind: "custom_rates", action: "added", dates: "4 Dec \u2013 6 Dec 2026" }, auto);
    expect(said.now).toBe(
      "The price to post and the minimum stay of 4 Dec \u2013 6 Dec 2026 follow the custom rate now.",
    );
    expect(said.next).toBe(
      "The channel shows the old prices for them until the next posting: automatic posting, or Sync now.",
    );
  });

  it("says cleared nights follow the recommendation again, and Sync when posting is off", () => {
    const said = applyTime(
      { kind: "custom_rates", action: "cleared", dates: "4 Dec 2026", listings: 3 },
      manual,
    );
    expect(said.now).toBe(
      "The nights of 4 Dec 2026 on 3 listings follow the service's recommendation again now.",
    );
    expect(said.next).toMatch(/until you press Sync: automatic posting is off/);
  });
});

describe("whether this dashboard hears recommendations.updated", () => {
  it("is connected only with an enabled subscription to the event", () => {
    const sub = { status: "enabled" as const, event_types: ["recommendations.updated"] };
    expect(liveRecommendations({ connected: true, subscription: sub })).toBe("connected");
    expect(liveRecommendations({ connected: true, subscription: { ...sub, status: "disabled" } })).toBe(
      "not_connected",
    );
    expect(
      liveRecommendations({ connected: true, subscription: { ...sub, event_types: ["flags.detected"] } }),
    ).toBe("not_connected");
    expect(liveRecommendations({ connected: false })).toBe("not_connected");
    expect(liveRecommendations(undefined)).toBe("unknown");
  });
});

describe("what a write changed", () => {
  it("names the settings whose stored value differs, nested values compared whole", () => {
    expect(
      changedSettingNames(
        { base_price: 120, nickname: "A", fees: { cleaning_fee: 40, extra_guest_fee: null } },
        { base_price: 120, nickname: "B", fees: { cleaning_fee: 45, extra_guest_fee: null } },
      ),
    ).toEqual(["fees", "nickname"]);
    expect(changedSettingNames({ min_stay: 2 }, { min_stay: 2 })).toEqual([]);
  });
});

describe("the automatic posting of listings written together", () => {
  const on = { listing_preferences: { pricing_enabled: true } };
  const off = { listing_preferences: { pricing_enabled: false } };
  it("is theirs when they agree, unknown when they differ, and the write's when it sets it", () => {
    expect(postingOf([on, on])).toBe(true);
    expect(postingOf([off])).toBe(false);
    expect(postingOf([on, off])).toBeNull();
    expect(postingOf([on, off], false)).toBe(false);
  });
});
