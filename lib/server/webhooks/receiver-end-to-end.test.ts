import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "@/sandbox/app";
import { recordEvent } from "@/sandbox/domain/webhooks/events";
import { call, makeSandbox, personaKeys, rows } from "@/sandbox/test-support";
import { advance, alignToBatchWindow } from "@/sandbox/webhook-support";
import { newSinkId } from "@/lib/server/dashboard-store";
import { openStore } from "@/lib/server/sqlite-store";
import { onWebhookEvent, type WebhookEventNotice } from "@/lib/server/webhooks/event-bus";
import {
  SESSION_SECRET,
  dataDir,
  envelope,
  post,
  runtime,
  withReceiver,
} from "@/test-support/webhook-receiver";

/**
 * The receiver against the reference service's real delivery engine (its signer, its HTTP
 * client, its retries) over loopback, and restart recovery through the route's own runtime.
 */
const LEFT_PENDING = ["evt_before_stop_1", "evt_before_stop_2"];
let leftBehindSink = "";

// Before the route loads: events accepted by a previous run of the dashboard, never processed.
withReceiver(async () => {
  const previousRun = openStore({ dataDir, sessionSecret: SESSION_SECRET });
  leftBehindSink = (
    await previousRun.createSink({
      ownerAccountId: "usr_previous",
      ownerLabel: "Previous run",
      subscriptionId: null,
      secret: "whsec_" + "ab".repeat(32),
    })
  ).id;
  await previousRun.insertEvents(
    LEFT_PENDING.map((eventId) => ({
      eventId,
      sinkId: leftBehindSink,
      eventType: "recommendations.updated",
      body: envelope(eventId),
      receivedAt: new Date().toISOString(),
    })),
  );
  await previousRun.close();
});

let sandbox: Sandbox;
let server: ServerType;
let base: string;
const seen: WebhookEventNotice[] = [];

beforeAll(async () => {
  sandbox = makeSandbox({ webhookTimeoutMs: 5000 });
  server = serve({
    fetch: (request: Request) => post(request, new URL(request.url).pathname.split("/").pop() ?? ""),
    hostname: "127.0.0.1",
    port: 0,
  });
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  sandbox.close();
});

describe("the receiver end to end", () => {
  it("the first request after a start processes the events a previous run left pending", async () => {
    const stop = onWebhookEvent((n) => seen.push(n));
    const res = await post(new Request(`${base}/api/webhooks/none`, { method: "POST", body: "{}" }), "none");
    expect(res.status).toBe(404);
    await (await runtime.receiverRuntime()).processor.idle();
    stop();
    const store = (await runtime.receiverRuntime()).store;
    for (const eventId of LEFT_PENDING) expect((await store.findEvent(eventId))?.state).toBe("processed");
    expect(seen.map((n) => n.eventId)).toEqual(LEFT_PENDING);
    expect(seen.every((n) => n.sinkId === leftBehindSink)).toBe(true);
  });

  it("a delivery from the reference service's engine is verified, stored, processed and published", async () => {
    const store = (await runtime.receiverRuntime()).store;
    const p = await personaKeys(sandbox);
    const key = p.owner.keys.standard!;
    const [listing] = rows<{ svc_id: string }>(
      sandbox,
      "SELECT svc_id FROM listings WHERE owner_user_id = ? ORDER BY svc_id LIMIT 1",
      p.owner.user_id,
    );

    // "Connect": the sink id is chosen first, so the URL exists before the subscription does.
    const id = newSinkId();
    const created = await call(sandbox, "POST", "/webhooks", {
      key,
      body: { url: `${base}/api/webhooks/${id}`, event_types: ["flags.detected"] },
    });
    expect(created.status).toBe(201);
    await store.createSink({
      id,
      ownerAccountId: p.owner.user_id,
      ownerLabel: "Olivia",
      subscriptionId: created.json.id,
      secret: created.json.secret,
    });

    const stop = onWebhookEvent((n) => seen.push(n));
    seen.length = 0;
    await alignToBatchWindow(sandbox);
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [listing!.svc_id] });
    await advance(sandbox, 300);

    const deliveries = await call(sandbox, "GET", `/webhooks/${created.json.id}/deliveries`, { key });
    expect(deliveries.json).toHaveLength(1);
    expect(deliveries.json[0]).toMatchObject({ status: "succeeded", response_status: 200 });
    expect(JSON.parse(deliveries.json[0].response_body)).toEqual({ accepted: true });
    const eventId: string = deliveries.json[0].event_id;
    await (await runtime.receiverRuntime()).processor.idle();
    expect(await store.findEvent(eventId)).toMatchObject({
      sinkId: id,
      state: "processed",
      verification: "verified",
    });
    expect(seen).toEqual([
      { eventId, sinkId: id, type: "flags.detected", listingIds: [listing!.svc_id], marketId: null },
    ]);

    // The service rotates; the dashboard stores the new secret; the next delivery verifies.
    const rotated = await call(sandbox, "POST", `/webhooks/${created.json.id}/rotate_secret`, { key });
    expect(rotated.status).toBe(200);
    await store.rotateSinkSecret(id, rotated.json.secret);
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [listing!.svc_id] });
    await advance(sandbox, 300);
    const after = await call(sandbox, "GET", `/webhooks/${created.json.id}/deliveries`, { key });
    expect(after.json.map((d: { status: string }) => d.status)).toEqual(["succeeded", "succeeded"]);
    await (await runtime.receiverRuntime()).processor.idle();
    stop();
    expect(seen).toHaveLength(2);
    expect(await store.listRejections(p.owner.user_id)).toEqual([]);
  });
});
