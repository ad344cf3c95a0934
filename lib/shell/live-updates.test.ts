import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { liveUpdateFor, parseLiveChange } from "@/lib/shell/live-updates";
import { queryKeys } from "@/lib/queries/keys";

/** The queries an open dashboard might hold, to see which ones a change marks stale. */
function dashboardWithQueries() {
  const client = new QueryClient();
  const keys = {
    detailA: queryKeys.listings.detail("lst_a"),
    detailB: queryKeys.listings.detail("lst_b"),
    detailOther: queryKeys.listings.detail("lst_other"),
    // A key under a listing's detail (its recommendations tab) belongs to that listing.
    underA: [...queryKeys.listings.detail("lst_a"), "recommendations"],
    list: queryKeys.listings.list({ exclude_inactive: true }),
    marketAustin: queryKeys.markets.detail("mkt_austin"),
    marketOther: queryKeys.markets.detail("mkt_denver"),
    apiKeys: queryKeys.apiKeys.list(),
    webhooks: queryKeys.webhooks.list(),
    inbox: queryKeys.dashboardWebhook.inbox(),
    notifications: queryKeys.notifications.newest(),
    notificationSettings: queryKeys.notifications.settings(),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { loaded: true });
  return { client, keys };
}

async function staleAfter(change: Parameters<typeof liveUpdateFor>[0]) {
  const { client, keys } = dashboardWithQueries();
  for (const queryKey of liveUpdateFor(change).keys) {
    await client.invalidateQueries({ queryKey, refetchType: "none" });
  }
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe("live updates: an event invalidates exactly its listings' queries and the Inbox", () => {
  it("recommendations.updated invalidates the listings named, the portfolio lists and the market", async () => {
    const stale = await staleAfter({
      type: "recommendations.updated",
      listing_ids: ["lst_a", "lst_b"],
      market_id: "mkt_austin",
    });
    expect(stale).toEqual(["detailA", "detailB", "inbox", "list", "marketAustin", "notifications", "underA"]);
  });

  it("reservations.ingested invalidates the listing and the lists, never a market", async () => {
    const stale = await staleAfter({
      type: "reservations.ingested",
      listing_ids: ["lst_b"],
      market_id: null,
    });
    expect(stale).toEqual(["detailB", "inbox", "list", "notifications"]);
  });

  it("flags.detected invalidates the listings named and the lists only", async () => {
    const stale = await staleAfter({ type: "flags.detected", listing_ids: ["lst_a"], market_id: null });
    expect(stale).toEqual(["detailA", "inbox", "list", "notifications", "underA"]);
  });

  it("a market id on another event type does not invalidate the market", () => {
    const { keys } = liveUpdateFor({
      type: "flags.detected",
      listing_ids: ["lst_a"],
      market_id: "mkt_austin",
    });
    expect(keys).not.toContainEqual(queryKeys.markets.detail("mkt_austin"));
  });

  it("an event of an unknown type invalidates the listings it names and the lists, never a market", async () => {
    const change = { type: "payouts.created", listing_ids: ["lst_a", "lst_b"], market_id: "mkt_austin" };
    expect(await staleAfter(change)).toEqual([
      "detailA",
      "detailB",
      "inbox",
      "list",
      "notifications",
      "underA",
    ]);
    expect(liveUpdateFor(change).message).toBe("Refreshed 2 listings after a payouts.created event");
  });

  it("a listing named twice is invalidated and counted once", () => {
    const update = liveUpdateFor({
      type: "reservations.ingested",
      listing_ids: ["lst_a", "lst_a"],
      market_id: null,
    });
    expect(update.keys).toEqual([
      queryKeys.listings.detail("lst_a"),
      queryKeys.listings.lists(),
      queryKeys.dashboardWebhook.inbox(),
      queryKeys.notifications.lists(),
    ]);
    expect(update.message).toBe("A reservation changed on 1 listing");
  });
});

describe("live updates: notifications are re-read on every change, their settings never", () => {
  it.each(["recommendations.updated", "reservations.ingested", "flags.detected"] as const)(
    "%s refreshes the bell's count",
    async (type) => {
      const stale = await staleAfter({ type, listing_ids: ["lst_other"], market_id: null });
      expect(stale).toContain("notifications");
      expect(stale).not.toContain("notificationSettings");
    },
  );
});

describe("live updates: the notice says what changed, in words", () => {
  it.each([
    ["recommendations.updated", ["a", "b", "c"], "New price recommendations for 3 listings"],
    ["recommendations.updated", ["a"], "New price recommendations for 1 listing"],
    ["reservations.ingested", ["a"], "A reservation changed on 1 listing"],
    ["reservations.ingested", ["a", "b"], "Reservations changed on 2 listings"],
    ["flags.detected", ["a"], "A new flag on 1 listing"],
    ["flags.detected", ["a", "b", "c", "d"], "New flags on 4 listings"],
  ] as const)("%s naming %j reads %j", (type, ids, message) => {
    const marketId = type === "recommendations.updated" ? "mkt_x" : null;
    expect(liveUpdateFor({ type, listing_ids: [...ids], market_id: marketId }).message).toBe(message);
  });
});

describe("live updates: the stream's data is validated", () => {
  it("accepts the server's change payload", () => {
    expect(parseLiveChange('{"type":"flags.detected","listing_ids":["lst_a"],"market_id":null}')).toEqual({
      type: "flags.detected",
      listing_ids: ["lst_a"],
      market_id: null,
    });
  });

  it("accepts a change of a type the dashboard does not know, with its type as it came", () => {
    expect(parseLiveChange('{"type":"listing.deleted","listing_ids":["lst_a"],"market_id":null}')).toEqual({
      type: "listing.deleted",
      listing_ids: ["lst_a"],
      market_id: null,
    });
  });

  it.each([
    ["not json"],
    ['{"type":"","listing_ids":["lst_a"],"market_id":null}'],
    ['{"type":"flags.detected"}'],
    ['{"type":"listing.deleted","listing_ids":"lst_a","market_id":null}'],
  ])("ignores %j", (data) => expect(parseLiveChange(data)).toBeNull());
});
