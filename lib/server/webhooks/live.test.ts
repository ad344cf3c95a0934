import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Sandbox } from "@/sandbox/app";
import { call, makeSandbox, personaKeys } from "@/sandbox/test-support";
import type { WebhookEventNotice } from "@/lib/server/webhooks/event-bus";
import { serveOnLoopback, sessionCookieFor, type LoopbackService } from "@/test-support/webhook-service";

/**
 * GET /api/events against the reference service over loopback, with real sealed session
 * cookies and the dashboard's own store. env() is read once, so the environment is set
 * before the route and its modules load (Vitest runs each file in its own fork).
 */
const ORIGIN = "http://dashboard.test";
let sandbox: Sandbox;
let service: LoopbackService;
let dataDir: string;
let route: typeof import("@/app/api/events/route");
let bus: typeof import("@/lib/server/webhooks/event-bus");
let runtime: typeof import("@/lib/server/webhooks/runtime");
let ownerKey: string;
let ownerSink: string;
let outsiderKey: string;
let outsiderSink: string;

const listeners = () =>
  (globalThis as Record<symbol, Set<unknown>>)[Symbol.for("rate-desk.webhook-event-listeners")]!.size;

const cookieFor = (apiKey: string) => sessionCookieFor(apiKey);

/** A subscription at the service pointing at a new sink of this dashboard, bound to it. */
async function connect(apiKey: string, owner: string): Promise<string> {
  const { newSinkId } = await import("@/lib/server/dashboard-store");
  const id = newSinkId();
  const created = await call<{ id: string }>(sandbox, "POST", "/webhooks", {
    key: apiKey,
    body: { url: `http://127.0.0.1:9/api/webhooks/${id}`, event_types: ["recommendations.updated"] },
  });
  expect(created.status).toBe(201);
  await (
    await (await import("@/lib/server/store")).dashboardStore()
  ).createSink({
    id,
    ownerAccountId: owner,
    ownerLabel: owner,
    subscriptionId: created.json.id,
    secret: "whsec_" + "cd".repeat(32),
  });
  return id;
}

async function open(apiKey: string, signal?: AbortSignal) {
  const res = await route.GET(
    new Request(`${ORIGIN}/api/events`, { headers: { cookie: await cookieFor(apiKey) }, signal }),
  );
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    res,
    reader,
    /** Reads until the stream's text contains `needle`; returns everything read so far. */
    async until(needle: string) {
      while (!text.includes(needle)) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`The stream ended before ${needle}`);
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
  };
}

const notice = (sinkId: string, listingIds: string[]): WebhookEventNotice => ({
  eventId: `evt_${Math.random().toString(36).slice(2)}`,
  sinkId,
  type: "recommendations.updated",
  listingIds,
  marketId: "mkt_austin",
});

beforeAll(async () => {
  sandbox = makeSandbox();
  service = await serveOnLoopback(sandbox);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-live-"));
  process.env.SVC_BASE_URL = service.url;
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "live-updates-test-secret-".repeat(3);
  route = await import("@/app/api/events/route");
  bus = await import("@/lib/server/webhooks/event-bus");
  runtime = await import("@/lib/server/webhooks/runtime");
  const personas = await personaKeys(sandbox);
  ownerKey = personas.owner.keys.standard!;
  outsiderKey = personas.outsider.keys.standard!;
  ownerSink = await connect(ownerKey, "owner");
  outsiderSink = await connect(outsiderKey, "outsider");
});

afterAll(async () => {
  await service.close();
  sandbox.close();
  const rt = await runtime.receiverRuntime();
  await rt.processor.idle();
  await rt.store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /api/events", () => {
  it("streams as server-sent events, uncached and unbuffered by proxies", async () => {
    const controller = new AbortController();
    const stream = await open(ownerKey, controller.signal);
    expect(stream.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(stream.res.headers.get("x-accel-buffering")).toBe("no");
    expect(await stream.until(": connected")).toContain("retry: 5000");
    controller.abort();
  });

  it("sends a processed event of the account's own sink, and not another account's", async () => {
    const controller = new AbortController();
    const stream = await open(ownerKey, controller.signal);
    await stream.until(": connected");
    bus.publishWebhookEvent(notice(outsiderSink, ["lst_not_yours"]));
    bus.publishWebhookEvent(notice(ownerSink, ["lst_1", "lst_2"]));
    const text = await stream.until("lst_2");
    expect(text.match(/event: change/g)).toHaveLength(1);
    expect(text).not.toContain("lst_not_yours");
    const data = /event: change\ndata: (.*)\n\n/.exec(text)![1]!;
    expect(JSON.parse(data)).toEqual({
      type: "recommendations.updated",
      listing_ids: ["lst_1", "lst_2"],
      market_id: "mkt_austin",
    });
    controller.abort();
  });

  it("a subscription naming another account's sink does not let its creator hear that sink", async () => {
    const hijack = await call(sandbox, "POST", "/webhooks", {
      key: outsiderKey,
      body: { url: `http://127.0.0.1:9/api/webhooks/${ownerSink}`, event_types: ["flags.detected"] },
    });
    expect(hijack.status).toBe(201);
    const controller = new AbortController();
    const stream = await open(outsiderKey, controller.signal);
    await stream.until(": connected");
    bus.publishWebhookEvent(notice(ownerSink, ["lst_owner_only"]));
    bus.publishWebhookEvent(notice(outsiderSink, ["lst_outsider"]));
    const text = await stream.until("lst_outsider");
    expect(text).not.toContain("lst_owner_only");
    controller.abort();
  });

  it("an account with no connected sink gets an open stream, not an error", async () => {
    const personas = await personaKeys(sandbox);
    const controller = new AbortController();
    const stream = await open(personas.manager.keys.standard!, controller.signal);
    await stream.until(": connected");
    bus.publishWebhookEvent(notice(ownerSink, ["lst_1"]));
    // Whatever was sent is still readable after the close: read it all.
    controller.abort();
    let rest = "";
    for (let r = await stream.reader.read(); !r.done; r = await stream.reader.read()) {
      rest += new TextDecoder().decode(r.value);
    }
    expect(rest).not.toContain("event: change");
  });

  it("closing the page unsubscribes and ends the stream", async () => {
    const before = listeners();
    const controller = new AbortController();
    const stream = await open(ownerKey, controller.signal);
    await stream.until(": connected");
    expect(listeners()).toBe(before + 1);
    controller.abort();
    expect(listeners()).toBe(before);
    expect((await stream.reader.read()).done).toBe(true);
  });

  it("without a session the answer is 401 in the error body", async () => {
    const res = await route.GET(new Request(`${ORIGIN}/api/events`));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
  });

  it("a key the service no longer accepts ends the session with 401", async () => {
    const res = await route.GET(
      new Request(`${ORIGIN}/api/events`, { headers: { cookie: await cookieFor("sk_test_revoked") } }),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toMatch(/rmd_session=;.*Max-Age=0/);
  });
});

describe("an idle page costs nothing upstream", () => {
  /** Counts the dashboard's GET /webhooks calls to the service; each still goes through. */
  function countSubscriptionReads() {
    const spy = vi.spyOn(globalThis, "fetch");
    return () =>
      spy.mock.calls.filter(([input, init]) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const method = (input instanceof Request ? input.method : init?.method) ?? "GET";
        return url.pathname.endsWith("/webhooks") && method === "GET";
      }).length;
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("three open pages of one account learn its sinks once, and refresh together every 15 minutes", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const reads = countSubscriptionReads();
    const key = (await personaKeys(sandbox)).editor.keys.standard;
    const controller = new AbortController();
    const pages = [];
    for (let i = 0; i < 3; i += 1) {
      const page = await open(key, controller.signal);
      await page.until(": connected");
      pages.push(page);
    }
    expect(reads()).toBe(1);

    await vi.advanceTimersByTimeAsync(14 * 60_000);
    expect(reads()).toBe(1);
    expect(await pages[0]!.until(": heartbeat")).toContain(": heartbeat");

    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(reads()).toBe(2));
    controller.abort();
  });

  it("connecting this dashboard makes the account's open pages hear the new sink at once", async () => {
    const key = (await personaKeys(sandbox)).restricted_editor.keys.standard;
    const controller = new AbortController();
    const page = await open(key, controller.signal);
    await page.until(": connected");

    const { connectDashboard, accountSinks } = await import("@/lib/server/webhooks/connect");
    const { serviceClient } = await import("@/lib/server/upstream");
    const ctx = {
      client: serviceClient(key),
      apiKey: key,
      store: await (await import("@/lib/server/store")).dashboardStore(),
      publicUrl: "http://127.0.0.1:9",
      label: "restricted editor",
      keyKind: "standard",
    };
    await connectDashboard(ctx);
    const [found] = await accountSinks(ctx, { fresh: true });
    const { sinkDirectory } = await import("@/lib/server/webhooks/sink-directory");
    await vi.waitFor(() => expect(sinkDirectory().known(key).has(found!.sink.id)).toBe(true));

    bus.publishWebhookEvent(notice(found!.sink.id, ["lst_just_connected"]));
    expect(await page.until("lst_just_connected")).toContain("event: change");
    controller.abort();
  });
  it("a sink connected on another instance is heard here at once: the change is relayed by the account's tag, never its key", async () => {
    const relay = await import("@/lib/server/instance-relay");
    const sent: string[] = [];
    relay.installRelayTransport({ send: (text) => sent.push(text), close: async () => undefined });
    try {
      const key = (await personaKeys(sandbox)).manager.keys.standard!;
      const controller = new AbortController();
      const page = await open(key, controller.signal);
      await page.until(": connected");
      const { sinkDirectory, accountTag, hearSinkChanges } =
        await import("@/lib/server/webhooks/sink-directory");
      hearSinkChanges();

      // Another instance connected a sink for this account; this one's directory has not asked.
      const sink = await connect(key, "manager");
      expect(sinkDirectory().known(key).has(sink)).toBe(false);
      await relay.receiveRelayed(
        JSON.stringify({
          from: "another-instance",
          kind: "sinks-changed",
          payload: { account: accountTag(key) },
        }),
      );
      await vi.waitFor(() => expect(sinkDirectory().known(key).has(sink)).toBe(true));
      bus.publishWebhookEvent(notice(sink, ["lst_connected_elsewhere"]));
      expect(await page.until("lst_connected_elsewhere")).toContain("event: change");

      // And a change made here is told to the others by the tag alone.
      sinkDirectory().relearn(key);
      const told = sent.map((text) => JSON.parse(text) as { kind: string; payload: unknown });
      expect(told).toContainEqual(
        expect.objectContaining({ kind: "sinks-changed", payload: { account: accountTag(key) } }),
      );
      expect(sent.join("")).not.toContain(key);
      controller.abort();
    } finally {
      relay.installRelayTransport(null);
    }
  });
});
