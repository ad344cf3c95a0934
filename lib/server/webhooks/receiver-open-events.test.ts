import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "@/sandbox/app";
import { call, makeSandbox, personaKeys } from "@/sandbox/test-support";
import { liveUpdateFor, parseLiveChange } from "@/lib/shell/live-updates";
import { queryKeys } from "@/lib/queries/keys";
import { newSinkId } from "@/lib/server/dashboard-store";
import { onWebhookEvent, type WebhookEventNotice } from "@/lib/server/webhooks/event-bus";
import {
  delivery,
  nextEventId,
  post,
  runtime,
  secretOf,
  withReceiver,
} from "@/test-support/webhook-receiver";
import { serveOnLoopback, sessionCookieFor, type LoopbackService } from "@/test-support/webhook-service";

/**
 * The service's set of event types is open and most envelope fields are not shown: what the
 * receiver does with a delivery it cannot fully read. Real signed requests into the receiver
 * route, the real SQLite store and processor, and GET /api/events (what open pages hear) for a
 * sink bound to a subscription at the in-process reference service.
 */
let sandbox: Sandbox;
let service: LoopbackService;
let events: typeof import("@/app/api/events/route");
let ownerKey: string;
let sinkId: string;
const SECRET = secretOf(7);

withReceiver(async () => {
  sandbox = makeSandbox();
  service = await serveOnLoopback(sandbox);
  process.env.SVC_BASE_URL = service.url;
});
beforeAll(async () => {
  events = await import("@/app/api/events/route");
  ownerKey = (await personaKeys(sandbox)).owner.keys.standard!;
  sinkId = newSinkId();
  const created = await call<{ id: string }>(sandbox, "POST", "/webhooks", {
    key: ownerKey,
    body: { url: `http://127.0.0.1:9/api/webhooks/${sinkId}`, event_types: ["flags.detected"] },
  });
  expect(created.status).toBe(201);
  await (
    await runtime.receiverRuntime()
  ).store.createSink({
    id: sinkId,
    ownerAccountId: "usr_owner",
    ownerLabel: "Olivia Hart",
    subscriptionId: created.json.id,
    secret: SECRET,
  });
});
afterAll(async () => {
  await service.close();
  sandbox.close();
});

const store = async () => (await runtime.receiverRuntime()).store;
const processed = async () => (await runtime.receiverRuntime()).processor.idle();

/** Delivers a signed body and waits for its processing; resolves with the answer and what was published. */
async function deliver(eventId: string, body: string) {
  const published: WebhookEventNotice[] = [];
  const stop = onWebhookEvent((n) => {
    if (n.eventId === eventId) published.push(n);
  });
  try {
    const res = await post(delivery(sinkId, { secret: SECRET, eventId, body }), sinkId);
    await processed();
    return { res, published, stored: await (await store()).findEvent(eventId) };
  } finally {
    stop();
  }
}

/** An open page: GET /api/events with the owner's session; `firstChange` is the data of its first change. */
async function openPage(signal: AbortSignal) {
  const res = await events.GET(
    new Request("http://dashboard.test/api/events", {
      headers: { cookie: await sessionCookieFor(ownerKey) },
      signal,
    }),
  );
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const until = async (pattern: RegExp) => {
    for (let found = pattern.exec(text); ; found = pattern.exec(text)) {
      if (found) return found;
      const { done, value } = await reader.read();
      if (done) throw new Error(`The stream ended before ${pattern}`);
      text += decoder.decode(value, { stream: true });
    }
  };
  await until(/: connected/);
  return { firstChange: async () => (await until(/event: change\ndata: (.*)\n\n/))[1]! };
}

describe("webhook events of types the dashboard does not know", () => {
  it("an event of an unknown type is answered 2xx, stored as ignored, and still refreshes the listings it names in open pages", async () => {
    const controller = new AbortController();
    const page = await openPage(controller.signal);
    const eventId = nextEventId();
    const body = JSON.stringify({
      id: eventId,
      type: "payouts.created",
      created_at: "2026-11-21T10:05:00Z",
      data: { listing_ids: ["lst_a", "lst_b"], payout_id: "po_1" },
    });
    const { res, published, stored } = await deliver(eventId, body);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    expect(stored).toMatchObject({
      eventType: "payouts.created",
      state: "ignored_unknown_type",
      error:
        "The event type payouts.created is not one this dashboard knows; the 2 listings it names were refreshed.",
    });
    expect(published).toEqual([
      { eventId, sinkId, type: "payouts.created", listingIds: ["lst_a", "lst_b"], marketId: null },
    ]);

    // What the open page hears, read as the browser reads it: the two listings' queries go stale.
    const change = parseLiveChange(await page.firstChange());
    controller.abort();
    expect(change).toEqual({ type: "payouts.created", listing_ids: ["lst_a", "lst_b"], market_id: null });
    const { keys } = liveUpdateFor(change!);
    expect(keys).toContainEqual(queryKeys.listings.detail("lst_a"));
    expect(keys).toContainEqual(queryKeys.listings.detail("lst_b"));
    expect(keys).toContainEqual(queryKeys.listings.lists());
  });

  it("an event of an unknown type that names no listings is answered 2xx and stored as ignored, refreshing nothing", async () => {
    const eventId = nextEventId();
    const body = JSON.stringify({ id: eventId, type: "account.updated", data: { account_id: "acc_1" } });
    const { res, published, stored } = await deliver(eventId, body);
    expect(res.status).toBe(200);
    expect(stored).toMatchObject({
      state: "ignored_unknown_type",
      error:
        "The event type account.updated is not one this dashboard knows, and data.listing_ids is missing: nothing was refreshed.",
    });
    expect(published).toEqual([]);
  });
});

describe("envelope fields the dashboard does not know", () => {
  it.each([
    ["flags.detected", "processed"],
    ["payouts.created", "ignored_unknown_type"],
  ])(
    "are kept with the stored event of type %s: the body is stored as the text received, byte for byte",
    async (type, state) => {
      const eventId = nextEventId();
      // Unknown fields at the top and inside data, an unusual key order, spacing and escapes.
      const body = `{ "data": {"listing_ids": ["lst_kept"], "reason": "new", "extra": {"n": 1.50}},
        "type": "${type}", "api_version": "2027-01-01", "id": "${eventId}",
        "created_at": "2026-11-21T10:05:00Z", "note": "caf\\u00e9" }`;
      const { res, stored } = await deliver(eventId, body);
      expect(res.status).toBe(200);
      expect(stored?.state).toBe(state);
      expect(stored?.body).toBe(body);
    },
  );
});

describe("envelopes whose data.listing_ids cannot be read", () => {
  it.each([
    ["data.listing_ids is missing", { market_id: "mkt_1" }],
    ["data.listing_ids is not a list (it is a string)", { listing_ids: "lst_1" }],
    ["data.listing_ids is not a list (it is null)", { listing_ids: null }],
    ["data.listing_ids[1] is not a listing id (it is a number)", { listing_ids: ["lst_1", 2] }],
    ["data is not an object (it is a list)", ["lst_1"]],
  ])(
    "an envelope where %s is answered 2xx, stored, and marked ignored (unreadable) with what was wrong",
    async (problem, data) => {
      const eventId = nextEventId();
      const body = JSON.stringify({ id: eventId, type: "reservations.ingested", data });
      const { res, published, stored } = await deliver(eventId, body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ accepted: true });
      expect(stored).toMatchObject({
        state: "ignored_unreadable",
        error: `The envelope's ${problem}, so no listing was refreshed.`,
        body,
      });
      expect(published).toEqual([]);
    },
  );

  it("an envelope without data at all is answered 2xx and marked ignored (unreadable)", async () => {
    const eventId = nextEventId();
    const body = JSON.stringify({ id: eventId, type: "flags.detected" });
    const { res, stored } = await deliver(eventId, body);
    expect(res.status).toBe(200);
    expect(stored).toMatchObject({
      state: "ignored_unreadable",
      error: "The envelope's data is missing, so no listing was refreshed.",
    });
  });
});
