import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertsStore } from "@/lib/server/alerts/alerts-store";
import { openPostgresAlerts } from "@/lib/server/alerts/postgres-alerts";
import { openPostgresWebhook } from "@/lib/server/delivery/webhook/postgres-webhook";
import { newSigningSecret } from "@/lib/server/delivery/webhook/secret";
import type { WebhookOutStore } from "@/lib/server/delivery/webhook/webhook-store";
import { createWebhookWorker } from "@/lib/server/delivery/webhook/worker";
import { startReceiver, webhookHeaders, type Receiver } from "@/test-support/alert-webhook-receiver";
import { freshDatabase } from "@/test-support/pg-database";

/**
 * Two instances on one PostgreSQL, each with its own pools and worker, ticking at the same
 * moment: the day's digest is made once, and each message's attempt is sent once.
 */
const ACCOUNT = "usr_owner";
const secret = newSigningSecret();
let url: string;
let receiver: Receiver;
const opened: { close(): Promise<void> }[] = [];

async function instance(now: () => Date) {
  const store: WebhookOutStore = await openPostgresWebhook({ url, poolSize: 4 });
  const alerts: AlertsStore = await openPostgresAlerts({ url, poolSize: 2 });
  opened.push(store, alerts);
  return { store, alerts, worker: createWebhookWorker({ store, alerts, openSecret: () => secret, now }) };
}

beforeAll(async () => {
  url = await freshDatabase("rd_webhook_two");
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  for (const o of opened) await o.close();
});

describe("two instances on PostgreSQL", () => {
  it("ticking at once send one digest, and one attempt of each message", async () => {
    const now = new Date();
    const clock = () => now;
    const a = await instance(clock);
    const b = await instance(clock);
    const due = new Date(now.getTime() - 60_000);
    await a.store.saveEndpoint(
      ACCOUNT,
      { url: receiver.url, enabled: true, digestTime: due.toISOString().slice(11, 16), timeZone: "UTC" },
      () => Buffer.from("sealed"),
      new Date(now.getTime() - 3_600_000),
    );
    const rule = await a.alerts.createRule(ACCOUNT, {
      kind: "no_booking",
      scope: {},
      params: { days: 14 },
      delivery: { email: "off", webhook: "digest" },
    });
    await a.alerts.fire(
      ACCOUNT,
      [{ ruleId: rule.id, listingId: "1000001", period: null, measured: {}, against: {}, why: "Quiet." }],
      new Date(now.getTime() - 600_000),
    );
    const tests = await Promise.all([a.worker.test(ACCOUNT), b.worker.test(ACCOUNT), a.worker.test(ACCOUNT)]);

    await Promise.all([a.worker.tick(), b.worker.tick(), a.worker.tick(), b.worker.tick()]);

    const types = receiver.received.map((r) => JSON.parse(r.body).type as string).sort();
    expect(types).toEqual(["alert.test", "alert.test", "alert.test", "alerts.digest"]);
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual(expect.arrayContaining(tests.map((t) => t!.id)));
    for (const r of receiver.received)
      expect(() => new Webhook(secret).verify(r.body, webhookHeaders(r.headers))).not.toThrow();
    const messages = await b.store.listMessages(ACCOUNT);
    expect(messages.map((m) => [m.state, m.attempts.length])).toEqual(Array(4).fill(["succeeded", 1]));
  });
});
