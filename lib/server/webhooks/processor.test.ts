import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { openStore } from "@/lib/server/sqlite-store";
import { onWebhookEvent, type WebhookEventNotice } from "@/lib/server/webhooks/event-bus";
import { createProcessor, noticeOf } from "@/lib/server/webhooks/processor";

/** Processing after the answer, on a real SQLite file; "restart" = a new store and processor. */
const SESSION_SECRET = "processor-test-session-secret-".repeat(2);
let dataDir: string;
const open: DashboardStore[] = [];
const unsubscribe: (() => void)[] = [];

function start() {
  const store = openStore({ dataDir, sessionSecret: SESSION_SECRET });
  open.push(store);
  return store;
}
function listen(): WebhookEventNotice[] {
  const seen: WebhookEventNotice[] = [];
  unsubscribe.push(onWebhookEvent((n) => seen.push(n)));
  return seen;
}
afterEach(async () => {
  for (const u of unsubscribe.splice(0)) u();
  for (const s of open.splice(0)) await s.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const envelope = (id: string, type = "recommendations.updated") =>
  JSON.stringify({
    id,
    type,
    created_at: "2026-11-21T10:05:00Z",
    data:
      type === "recommendations.updated"
        ? { listing_ids: ["lst_1", "lst_2"], market_id: "mkt_austin" }
        : { listing_ids: ["lst_3"] },
  });

/** A sink of the one account these tests use. */
const sinkIn = (store: DashboardStore) =>
  store.createSink({
    ownerAccountId: "usr_1",
    ownerLabel: "O",
    subscriptionId: null,
    secret: "whsec_" + "1".repeat(64),
  });

async function accept(store: DashboardStore, sinkId: string, eventId: string, body = envelope(eventId)) {
  await store.insertEvents([
    // Filed under the body's type, as the receiver files it.
    {
      eventId,
      sinkId,
      eventType: (JSON.parse(body) as { type: string }).type,
      body,
      receivedAt: new Date().toISOString(),
    },
  ]);
}

describe("webhook event processing", () => {
  it("events accepted before a stop are processed after the next start, and published once", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-processor-"));
    const before = start();
    const sink = await sinkIn(before);
    await accept(before, sink.id, "evt_a");
    await accept(before, sink.id, "evt_b", envelope("evt_b", "flags.detected"));
    await before.close(); // the dashboard stops between accept and process
    open.splice(0);

    const seen = listen();
    const after = start();
    expect((await after.pendingEvents(10)).map((e) => e.eventId)).toEqual(["evt_a", "evt_b"]);
    const processor = createProcessor(after);
    processor.schedule();
    await processor.idle();

    expect(await after.pendingEvents(10)).toEqual([]);
    expect(await after.findEvent("evt_a")).toMatchObject({ state: "processed", error: null });
    expect((await after.findEvent("evt_a"))?.processedAt).toEqual(expect.any(String));
    expect(seen).toEqual([
      {
        eventId: "evt_a",
        sinkId: sink.id,
        type: "recommendations.updated",
        listingIds: ["lst_1", "lst_2"],
        marketId: "mkt_austin",
      },
      { eventId: "evt_b", sinkId: sink.id, type: "flags.detected", listingIds: ["lst_3"], marketId: null },
    ]);

    // A second processor on the same file (another start) finds nothing left to publish.
    const again = createProcessor(start());
    again.schedule();
    await again.idle();
    expect(seen).toHaveLength(2);
  });

  it("an event of a known type that is not a contract envelope is marked failed with the reason, and not published", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-processor-"));
    const store = start();
    const sink = await sinkIn(store);
    await accept(
      store,
      sink.id,
      "evt_bad",
      JSON.stringify({
        id: "evt_bad",
        type: "recommendations.updated",
        created_at: "2026-11-21T10:05:00Z",
        data: { listing_ids: [] },
      }),
    );
    const seen = listen();
    const processor = createProcessor(store);
    processor.schedule();
    await processor.idle();
    expect(await store.findEvent("evt_bad")).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/data\.listing_ids/),
    });
    expect(seen).toEqual([]);
  });

  it("an event of an unknown type is stored as ignored and still refreshes the listings it names", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-processor-"));
    const store = start();
    const sink = await sinkIn(store);
    const body = JSON.stringify({
      id: "evt_unknown",
      type: "prices.exploded",
      data: { listing_ids: ["lst_9"], market_id: "mkt_austin", severity: "high" },
    });
    await accept(store, sink.id, "evt_unknown", body);
    const seen = listen();
    const processor = createProcessor(store);
    processor.schedule();
    await processor.idle();
    const stored = await store.findEvent("evt_unknown");
    expect(stored).toMatchObject({
      state: "ignored_unknown_type",
      error:
        "The event type prices.exploded is not one this dashboard knows; the listing it names was refreshed.",
      body,
    });
    // The listings only: what else an unknown type concerns (its market's data?) is not known.
    const notice = {
      eventId: "evt_unknown",
      sinkId: sink.id,
      type: "prices.exploded",
      listingIds: ["lst_9"],
      marketId: null,
    };
    expect(seen).toEqual([notice]);
    // Relayed to another instance by id, it is read again from the store as the same notice.
    expect(noticeOf(stored!)).toEqual(notice);
  });

  it("an event of a known type whose data.listing_ids is unreadable is stored as ignored, saying what was wrong", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-processor-"));
    const store = start();
    const sink = await sinkIn(store);
    await accept(
      store,
      sink.id,
      "evt_ids",
      JSON.stringify({ id: "evt_ids", type: "flags.detected", data: { listing_ids: "lst_1" } }),
    );
    const seen = listen();
    const processor = createProcessor(store);
    processor.schedule();
    await processor.idle();
    expect(await store.findEvent("evt_ids")).toMatchObject({
      state: "ignored_unreadable",
      error: "The envelope's data.listing_ids is not a list (it is a string), so no listing was refreshed.",
    });
    expect(seen).toEqual([]);
  });

  it("an envelope whose id differs from the event id is marked failed, whatever its type", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-processor-"));
    const store = start();
    const sink = await sinkIn(store);
    await accept(
      store,
      sink.id,
      "evt_header",
      JSON.stringify({ id: "evt_other", type: "payouts.created", data: { listing_ids: ["lst_1"] } }),
    );
    const seen = listen();
    const processor = createProcessor(store);
    processor.schedule();
    await processor.idle();
    expect(await store.findEvent("evt_header")).toMatchObject({
      state: "failed",
      error: "The envelope id differs from the Svc-Event-Id header.",
    });
    expect(seen).toEqual([]);
  });

  it("a large backlog is drained completely, in batches", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-processor-"));
    const store = start();
    const sink = await sinkIn(store);
    for (let i = 0; i < 750; i++) await accept(store, sink.id, `evt_${i}`);
    const seen = listen();
    const processor = createProcessor(store);
    processor.schedule();
    processor.schedule();
    await processor.idle();
    expect(await store.pendingEvents(10)).toEqual([]);
    expect(new Set(seen.map((n) => n.eventId)).size).toBe(750);
    expect(seen).toHaveLength(750);
  });

  it("a listener that throws does not stop the others or the processing", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-processor-"));
    const store = start();
    const sink = await sinkIn(store);
    await accept(store, sink.id, "evt_x");
    unsubscribe.push(
      onWebhookEvent(() => {
        throw new Error("closed stream");
      }),
    );
    const seen = listen();
    const processor = createProcessor(store);
    processor.schedule();
    await processor.idle();
    expect(seen.map((n) => n.eventId)).toEqual(["evt_x"]);
    expect((await store.findEvent("evt_x"))?.state).toBe("processed");
  });

  it("a drain the store fails mid-way leaves its events pending, and a drain after their lease processes them once", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-processor-"));
    const leaseMs = 300;
    const store = openStore({ dataDir, sessionSecret: SESSION_SECRET, claimLeaseMs: leaseMs });
    open.push(store);
    const sink = await sinkIn(store);
    await accept(store, sink.id, "evt_cut");
    // The database goes away between the claim and the marking, once (as a stopped PostgreSQL does).
    let failNext = true;
    const flaky: DashboardStore = {
      ...store,
      finishEvents: async (outcomes) => {
        if (failNext) {
          failNext = false;
          throw new Error("connection terminated");
        }
        return store.finishEvents(outcomes);
      },
    };
    const seen = listen();
    const processor = createProcessor(flaky);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      processor.schedule();
      await processor.idle();
    } finally {
      quiet.mockRestore();
    }
    expect((await store.findEvent("evt_cut"))?.state).toBe("pending");

    // Within the lease the claim still holds: a drain takes nothing.
    processor.schedule();
    await processor.idle();
    expect((await store.findEvent("evt_cut"))?.state).toBe("pending");

    await new Promise((resolve) => setTimeout(resolve, leaseMs + 50));
    processor.schedule();
    await processor.idle();
    expect((await store.findEvent("evt_cut"))?.state).toBe("processed");
    expect(seen.map((n) => n.eventId)).toEqual(["evt_cut"]);
  });
});
