import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "@/sandbox/app";
import { call, makeSandbox, personaKeys, type Personas } from "@/sandbox/test-support";
import { createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import { WEBHOOK_EVENT_TYPES } from "@/lib/svc/schemas/webhooks";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { openStore } from "@/lib/server/sqlite-store";
import {
  ALREADY_CONNECTED,
  ConnectError,
  PUBLIC_URL_MISSING,
  READ_ONLY_CONNECT,
  accountSinks,
  connectDashboard,
  connectionStatus,
  disconnectDashboard,
  inboxOf,
  type AccountSink,
  type ConnectContext,
} from "@/lib/server/webhooks/connect";
import { rotateDashboardSecret } from "@/lib/server/webhooks/rotate";

/**
 * Connecting the dashboard against the in-process reference service (its real webhooks
 * group, over the typed client) and a real store in a temporary directory.
 */
const PUBLIC = "http://127.0.0.1:3999";
let sandbox: Sandbox;
let personas: Personas;
let store: DashboardStore;
let dataDir: string;

beforeAll(async () => {
  sandbox = makeSandbox();
  personas = await personaKeys(sandbox);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-connect-"));
  store = openStore({ dataDir, sessionSecret: "connect-test-session-secret-".repeat(2) });
});
afterAll(async () => {
  await store.close();
  sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function contextOf(apiKey: string, overrides: Partial<ConnectContext> = {}): ConnectContext {
  const client = createSvcClient({
    contract: endpoints,
    baseUrl: "http://service.test",
    apiKey,
    fetch: (url, init) => Promise.resolve(sandbox.app.fetch(new Request(url, init))),
  });
  return { client, apiKey, store, publicUrl: PUBLIC, label: "Test", keyKind: "standard", ...overrides };
}

async function theOnlySink(ctx: ConnectContext): Promise<AccountSink> {
  const found = await accountSinks(ctx, { fresh: true });
  expect(found).toHaveLength(1);
  return found[0]!;
}

async function refusal(work: Promise<unknown>): Promise<ConnectError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectError);
  return error as ConnectError;
}

describe("connecting this dashboard", () => {
  it("subscribes the dashboard's receiver to every event type and keeps the secret on the server", async () => {
    const owner = contextOf(personas.owner.keys.standard);
    expect(await connectionStatus(owner)).toEqual({ connected: false });

    const status = await connectDashboard(owner);
    expect(status).toMatchObject({
      connected: true,
      subscription: { status: "enabled", event_types: [...WEBHOOK_EVENT_TYPES] },
    });
    expect(JSON.stringify(status)).not.toContain("whsec_");

    const [found] = await accountSinks(owner, { fresh: true });
    expect(found!.subscription.url).toBe(`${PUBLIC}/api/webhooks/${found!.sink.id}`);
    // The stored secret is the one the service signs with: it verifies the service's secret format.
    expect((await store.validSecrets(found!.sink.id))![0]).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(await connectionStatus(owner)).toEqual(status);
  });

  it("a second connect is refused in words while connected", async () => {
    const error = await refusal(connectDashboard(contextOf(personas.owner.keys.standard)));
    expect(error).toMatchObject({ status: 409, code: "already_connected", message: ALREADY_CONNECTED });
    const subs = await call(sandbox, "GET", "/webhooks", { key: personas.owner.keys.standard });
    expect(subs.json).toHaveLength(1);
  });

  it("another account does not see the owner's connection, its sink or its inbox", async () => {
    const outsider = contextOf(personas.outsider.keys.standard);
    expect(await connectionStatus(outsider)).toEqual({ connected: false });
    expect(await inboxOf(outsider)).toEqual({ connected: false, events: [], rejections: [] });
    expect(await refusal(disconnectDashboard(outsider))).toMatchObject({
      status: 404,
      code: "not_connected",
    });
    expect(await connectionStatus(contextOf(personas.owner.keys.standard))).toMatchObject({
      connected: true,
    });
  });

  it("the inbox lists the account's received events newest first with their listings, and refusals", async () => {
    const owner = contextOf(personas.owner.keys.standard);
    const { sink } = await theOnlySink(owner);
    const body = (id: string) =>
      JSON.stringify({
        id,
        type: "recommendations.updated",
        created_at: "2026-11-21T10:05:00Z",
        data: { listing_ids: ["1000001", "1000002"], market_id: "mkt_1" },
      });
    await store.insertEvents([
      {
        eventId: "evt_old",
        sinkId: sink.id,
        eventType: "recommendations.updated",
        body: body("evt_old"),
        receivedAt: "2026-11-21T10:00:00.000Z",
      },
      {
        eventId: "evt_new",
        sinkId: sink.id,
        eventType: "recommendations.updated",
        body: body("evt_new"),
        receivedAt: "2026-11-21T10:06:00.000Z",
      },
    ]);
    await store.finishEvents([{ eventId: "evt_old", state: "failed", error: "The envelope id differs." }]);
    await store.recordRejection(sink.id, "stale");

    const inbox = await inboxOf(owner);
    expect(inbox.connected).toBe(true);
    expect(inbox.events.map((e) => [e.event_id, e.state])).toEqual([
      ["evt_new", "pending"],
      ["evt_old", "failed"],
    ]);
    expect(inbox.events[0]).toMatchObject({
      type: "recommendations.updated",
      listing_ids: ["1000001", "1000002"],
      market_id: "mkt_1",
      verification: "verified",
    });
    expect(inbox.events[1]!.error).toBe("The envelope id differs.");
    expect(inbox.rejections).toEqual([{ reason: "stale", at: expect.any(String) }]);
  });

  it("the inbox lists an event of an unknown type with its type as it came, the listings it names and why it was ignored", async () => {
    const owner = contextOf(personas.owner.keys.standard);
    const { sink } = await theOnlySink(owner);
    const note =
      "The event type payouts.created is not one this dashboard knows; the listing it names was refreshed.";
    await store.insertEvents([
      {
        eventId: "evt_payout",
        sinkId: sink.id,
        eventType: "payouts.created",
        body: JSON.stringify({
          id: "evt_payout",
          type: "payouts.created",
          data: { listing_ids: ["1000003"] },
        }),
        receivedAt: "2026-11-21T10:07:00.000Z",
      },
    ]);
    await store.finishEvents([{ eventId: "evt_payout", state: "ignored_unknown_type", error: note }]);
    const inbox = await inboxOf(owner);
    expect(inbox.events.find((e) => e.event_id === "evt_payout")).toMatchObject({
      type: "payouts.created",
      listing_ids: ["1000003"],
      market_id: null,
      state: "ignored_unknown_type",
      error: note,
    });
  });

  it("a read-only session can neither connect nor disconnect, and is told why", async () => {
    const readOnly = contextOf(personas.owner.keys.read_only!, { keyKind: "read_only" });
    expect(await refusal(connectDashboard(readOnly))).toMatchObject({
      status: 403,
      message: READ_ONLY_CONNECT,
    });
    expect(await refusal(disconnectDashboard(readOnly))).toMatchObject({
      status: 403,
      message: READ_ONLY_CONNECT,
    });
    // It still reads the connection.
    expect(await connectionStatus(readOnly)).toMatchObject({ connected: true });
  });

  it("a read-only key the session did not label is refused by the service, in the same words", async () => {
    const unlabelled = contextOf(personas.viewer.keys.read_only!, { keyKind: null });
    expect(await refusal(connectDashboard(unlabelled))).toMatchObject({
      status: 403,
      message: READ_ONLY_CONNECT,
    });
  });

  it("without a public URL (a real service and no DASHBOARD_PUBLIC_URL) connecting says what to set", async () => {
    const error = await refusal(
      connectDashboard(contextOf(personas.manager.keys.standard, { publicUrl: null })),
    );
    expect(error).toMatchObject({ status: 422, message: PUBLIC_URL_MISSING });
    expect(error.message).toContain("DASHBOARD_PUBLIC_URL");
    const subs = await call(sandbox, "GET", "/webhooks", { key: personas.manager.keys.standard });
    expect(subs.json).toHaveLength(0);
  });

  it("two connects at once make one subscription", async () => {
    const editor = contextOf(personas.editor.keys.standard);
    const results = await Promise.allSettled([connectDashboard(editor), connectDashboard(editor)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const subs = await call(sandbox, "GET", "/webhooks", { key: personas.editor.keys.standard });
    expect(subs.json).toHaveLength(1);
  });

  it("rotating the dashboard's secret stores the service's new one and keeps the previous valid for 24 hours", async () => {
    const owner = contextOf(personas.owner.keys.standard);
    const { sink, subscription } = await theOnlySink(owner);
    const serviceSecret = () =>
      (
        sandbox.ctx.db
          .prepare(`SELECT secret FROM webhook_subscriptions WHERE id = ?`)
          .get(subscription.id) as {
          secret: string;
        }
      ).secret;
    const before = serviceSecret();
    expect(await store.validSecrets(sink.id)).toEqual([before]);

    const status = await rotateDashboardSecret(owner);
    expect(status).toMatchObject({ connected: true, subscription: { id: subscription.id } });
    expect(JSON.stringify(status)).not.toContain("whsec_");
    const after = serviceSecret();
    expect(after).not.toBe(before);
    expect(await store.validSecrets(sink.id)).toEqual([after, before]);
    const dayLater = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect(await store.validSecrets(sink.id, dayLater)).toEqual([after]);

    const readOnly = contextOf(personas.owner.keys.read_only!, { keyKind: "read_only" });
    expect(await refusal(rotateDashboardSecret(readOnly))).toMatchObject({ status: 403 });
  });

  it("disconnecting deletes the subscription at the service and the sink", async () => {
    const owner = contextOf(personas.owner.keys.standard);
    const { sink } = await theOnlySink(owner);
    expect(await disconnectDashboard(owner)).toEqual({ connected: false });
    expect(await connectionStatus(owner)).toEqual({ connected: false });
    expect(await store.findSink(sink.id)).toBeNull();
    const subs = await call(sandbox, "GET", "/webhooks", { key: personas.owner.keys.standard });
    expect(subs.json).toHaveLength(0);
    expect(await refusal(disconnectDashboard(owner))).toMatchObject({ status: 404, code: "not_connected" });
  });

  it("a subscription deleted at the service no longer counts as connected, and connecting again works", async () => {
    const editor = contextOf(personas.editor.keys.standard);
    const { sink, subscription } = await theOnlySink(editor);
    await call(sandbox, "DELETE", `/webhooks/${subscription.id}`, { key: personas.editor.keys.standard });
    expect(await accountSinks(editor, { fresh: true })).toEqual([]);
    // The sink is orphaned but harmless: nothing reaches it, and a new connect makes another.
    expect(await store.findSink(sink.id)).not.toBeNull();
    expect(await connectDashboard(editor)).toMatchObject({ connected: true });
  });
});
