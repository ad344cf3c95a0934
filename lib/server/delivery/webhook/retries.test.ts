import { describe, expect, it } from "vitest";
import { sendAttempt } from "@/lib/server/delivery/webhook/send";
import { createWebhookWorker } from "@/lib/server/delivery/webhook/worker";
import {
  ACCOUNT,
  endpoint,
  secret,
  withWorkerWorld,
  world,
  worker,
} from "@/lib/server/delivery/webhook/worker-world";
import { startReceiver } from "@/test-support/alert-webhook-receiver";

/**
 * Retries with backoff on SQLite, against a real receiver on loopback, on a clock the test
 * moves: never a sleep.
 */
withWorkerWorld();

describe("retries with backoff", () => {
  it("a receiver that fails twice then answers 200 gets three attempts, at 0, 30 s and 2 min 30 s, with one webhook-id", async () => {
    const { store, alerts } = world;
    const receiver = (world.receiver = await startReceiver((k) =>
      k <= 2 ? { status: k === 1 ? 500 : 503, body: "not now" } : { status: 204 },
    ));
    const t0 = new Date("2026-11-29T08:00:00.000Z");
    let clock = t0;
    const later = (s: number) => new Date(t0.getTime() + s * 1000);
    await endpoint(receiver.url, {}, t0);
    const message = await createWebhookWorker({
      store,
      alerts,
      openSecret: () => secret,
      now: () => clock,
    }).test(ACCOUNT);
    const run = async (s: number) => {
      clock = later(s);
      await createWebhookWorker({ store, alerts, openSecret: () => secret, now: () => clock }).tick();
    };
    await run(0);
    await run(29);
    expect(receiver.received).toHaveLength(1);
    await run(30);
    await run(149);
    expect(receiver.received).toHaveLength(2);
    await run(150);
    await run(100_000);
    expect(receiver.received).toHaveLength(3);

    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([
      message!.id,
      message!.id,
      message!.id,
    ]);
    expect(receiver.received.map((r) => r.headers["webhook-timestamp"])).toEqual(
      [0, 30, 150].map((s) => String(later(s).getTime() / 1000)),
    );
    const [listed] = await store.listMessages(ACCOUNT);
    expect(listed).toMatchObject({ state: "succeeded", nextAttemptAt: null });
    expect(listed!.attempts.map((a) => [a.attempt, a.attemptedAt, a.responseStatus, a.responseBody])).toEqual(
      [
        [1, later(0).toISOString(), 500, "not now"],
        [2, later(30).toISOString(), 503, "not now"],
        [3, later(150).toISOString(), 204, null],
      ],
    );
  });

  it("is given up after the sixth failed attempt, and says why an attempt got no answer", async () => {
    const { store } = world;
    const receiver = await startReceiver();
    const closed = receiver.url;
    await receiver.close();
    const t0 = new Date("2026-11-29T08:00:00.000Z");
    await endpoint(closed, {}, t0);
    await worker(() => t0).test(ACCOUNT);
    let at = 0;
    for (const wait of [0, 30, 120, 600, 3600, 21600, 86400]) {
      at += wait;
      await worker(() => new Date(t0.getTime() + at * 1000)).tick();
    }
    const [listed] = await store.listMessages(ACCOUNT);
    expect(listed).toMatchObject({ state: "failed", nextAttemptAt: null });
    expect(listed!.attempts).toHaveLength(6);
    expect(listed!.attempts[0]).toMatchObject({
      responseStatus: null,
      error: "The endpoint refused the connection: nothing listens at that address.",
    });
  });

  it("an endpoint that does not answer in time has failed, in a sentence", async () => {
    const { createServer } = await import("node:http");
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const result = await sendAttempt(
      {
        id: "msg_x",
        accountId: ACCOUNT,
        body: "{}",
        attempt: 1,
        url: `http://127.0.0.1:${port}/`,
        sealedSecret: Buffer.from(""),
      },
      secret,
      new Date("2026-11-29T08:00:00.000Z"),
      { timeoutMs: 100 },
    );
    silent.closeAllConnections();
    silent.close();
    expect(result).toMatchObject({
      responseStatus: null,
      error: "The endpoint did not answer within 1 second.",
      state: "pending",
      nextAttemptAt: new Date("2026-11-29T08:00:30.000Z"),
    });
  });
});
