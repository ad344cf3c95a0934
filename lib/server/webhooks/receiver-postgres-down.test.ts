import { afterAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "@/test-support/pg-cluster";
import {
  delivery,
  makeSink,
  nextEventId,
  post,
  runtime,
  secretOf,
  withReceiver,
} from "@/test-support/webhook-receiver";
import { RETRY_AFTER_SECONDS } from "@/lib/server/webhooks/receiver";

/**
 * The receiver on PostgreSQL while the database goes down and comes back (faults):
 * a cluster of this file's own, since stopping the run's shared one would stop every file.
 */
let cluster: Cluster;
withReceiver(async () => {
  cluster = await startCluster();
  process.env.DATABASE_URL = cluster.url;
  process.env.WEBHOOK_CLAIM_LEASE_SECONDS = "2";
});
afterAll(async () => {
  delete process.env.DATABASE_URL;
  delete process.env.WEBHOOK_CLAIM_LEASE_SECONDS;
  await cluster?.stop();
});

const store = async () => (await runtime.receiverRuntime()).store;

describe("the receiver while PostgreSQL is down", () => {
  it("answers 503 with Retry-After while PostgreSQL is down, acknowledging nothing, and accepts again once it returns, with no restart", async () => {
    const secret = secretOf(7);
    const sink = await makeSink(secret);
    const before = nextEventId();
    expect((await post(delivery(sink.id, { secret, eventId: before }), sink.id)).status).toBe(200);
    // Processed before the outage. Under load the stop could otherwise land mid-drain, leaving
    // this event pending until its claim's lease ends: right, but another test's subject
    // (processor.test.ts, "a drain the store fails mid-way…").
    await (await runtime.receiverRuntime()).processor.idle();
    expect((await (await store()).findEvent(before))?.state).toBe("processed");

    await cluster.pause();
    try {
      const during = nextEventId();
      const refused = await post(delivery(sink.id, { secret, eventId: during }), sink.id);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("receiver_unavailable");
      expect(body.error.message).not.toMatch(/ECONNREFUSED|postgres|127\.0\.0\.1/i);
    } finally {
      await cluster.resume();
    }

    // The service sends the refused delivery again: now it is stored and processed.
    const again = nextEventId();
    const accepted = await post(delivery(sink.id, { secret, eventId: again }), sink.id);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ accepted: true });
    await (await runtime.receiverRuntime()).processor.idle();
    for (const id of [before, again]) expect((await (await store()).findEvent(id))?.state).toBe("processed");
  });

  it("readiness says the store cannot be read while PostgreSQL is down, and ready again once it returns", async () => {
    const { readiness } = await import("@/lib/server/readiness");
    const check = () => readiness({ store: store, serviceAnswers: async () => true });
    expect((await check()).ready).toBe(true);
    await cluster.pause();
    try {
      const down = await check();
      expect(down.ready).toBe(false);
      expect(down.checks.find((c) => c.name === "store")).toEqual({
        name: "store",
        ok: false,
        detail: "The dashboard's store cannot be read.",
      });
    } finally {
      await cluster.resume();
    }
    expect((await check()).ready).toBe(true);
  });
});
