import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newSigningSecret } from "@/lib/server/delivery/webhook/secret";
import {
  ACCOUNT,
  endpoint,
  newAlert,
  rule,
  secret,
  withWorkerWorld,
  world,
  worker,
} from "@/lib/server/delivery/webhook/worker-world";
import { startReceiver, webhookHeaders } from "@/test-support/alert-webhook-receiver";

/**
 * The outgoing webhook's messages on SQLite: made from fired alerts and from the day's digest,
 * sent to a real receiver on loopback that checks each signature with the standardwebhooks
 * library. Retries: retries.test.ts.
 */
withWorkerWorld();

describe("an immediate message", () => {
  it("carries the alerts of immediate rules only, and its signature verifies with Webhook.verify", async () => {
    const { store, alerts } = world;
    const receiver = (world.receiver = await startReceiver());
    await endpoint(receiver.url);
    const immediate = await alerts.createRule(ACCOUNT, rule("immediate"));
    const digest = await alerts.createRule(ACCOUNT, rule("digest"));
    const fired = await alerts.fire(ACCOUNT, [
      newAlert(immediate.id, "1000001"),
      newAlert(digest.id, "1000002"),
    ]);

    const message = await worker().fired(ACCOUNT, fired);
    expect(message?.type).toBe("alert.fired");
    await worker().tick();

    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0]!;
    expect(headers["webhook-id"]).toBe(message!.id);
    const payload = new Webhook(secret).verify(body, webhookHeaders(headers)) as {
      type: string;
      data: {
        alerts: { listing_id: string; rule_id: string; kind: string; why: string }[];
        rules: unknown[];
      };
    };
    expect(payload.type).toBe("alert.fired");
    expect(payload.data.alerts).toEqual([
      expect.objectContaining({
        listing_id: "1000001",
        rule_id: immediate.id,
        kind: "no_booking",
        why: "Listing 1000001 has had no new booking in 20 days.",
      }),
    ]);
    expect(payload.data.rules).toEqual([
      { id: immediate.id, kind: "no_booking", words: expect.stringContaining("No new booking in 14 days") },
    ]);
    // Another secret does not verify it: the signature is the endpoint's own.
    expect(() => new Webhook(newSigningSecret()).verify(body, webhookHeaders(headers))).toThrow(
      WebhookVerificationError,
    );
    const [listed] = await store.listMessages(ACCOUNT);
    expect(listed).toMatchObject({ state: "succeeded", body, nextAttemptAt: null });
    expect(listed!.attempts).toEqual([
      expect.objectContaining({ attempt: 1, responseStatus: 200, responseBody: "ok" }),
    ]);
  });

  it("no message when no fired alert's rule asks for it, or when the endpoint is off", async () => {
    const { store, alerts } = world;
    await endpoint("https://hooks.example.com/in");
    const off = await alerts.createRule(ACCOUNT, rule("off"));
    const immediate = await alerts.createRule(ACCOUNT, rule("immediate"));
    expect(await worker().fired(ACCOUNT, await alerts.fire(ACCOUNT, [newAlert(off.id, "1")]))).toBeNull();
    await store.saveEndpoint(
      ACCOUNT,
      { url: "https://hooks.example.com/in", enabled: false, digestTime: "07:30", timeZone: "UTC" },
      () => Buffer.from("x"),
    );
    expect(
      await worker().fired(ACCOUNT, await alerts.fire(ACCOUNT, [newAlert(immediate.id, "2")])),
    ).toBeNull();
    expect(await store.listMessages(ACCOUNT)).toEqual([]);
  });
});

describe("the daily digest", () => {
  it("goes once at the endpoint's local time with the open alerts of digest rules fired since the last one, signed", async () => {
    const { alerts } = world;
    const receiver = (world.receiver = await startReceiver());
    const now = new Date();
    // The digest time a minute ago, in UTC, so that the receiver checks a timestamp of now.
    const due = new Date(now.getTime() - 60_000);
    const time = due.toISOString().slice(11, 16);
    await endpoint(
      receiver.url,
      { digestTime: time, timeZone: "UTC" },
      new Date(now.getTime() - 2 * 3_600_000),
    );
    const digest = await alerts.createRule(ACCOUNT, rule("digest"));
    const immediate = await alerts.createRule(ACCOUNT, rule("immediate"));
    const halfHourAgo = new Date(now.getTime() - 30 * 60_000);
    await alerts.fire(
      ACCOUNT,
      [newAlert(digest.id, "1000001"), newAlert(immediate.id, "1000002")],
      halfHourAgo,
    );
    const [snoozed] = await alerts.fire(ACCOUNT, [newAlert(digest.id, "1000003")], halfHourAgo);
    await alerts.snooze(ACCOUNT, snoozed!.id, new Date(now.getTime() + 86_400_000), halfHourAgo);
    // Fired two days ago: the previous digest's.
    await alerts.fire(ACCOUNT, [newAlert(digest.id, "1000004")], new Date(now.getTime() - 2 * 86_400_000));

    await worker().tick();
    await worker().tick();

    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0]!;
    const payload = new Webhook(secret).verify(body, webhookHeaders(headers)) as {
      type: string;
      data: { date: string; time_zone: string; alerts: { listing_id: string }[] };
    };
    expect(payload.type).toBe("alerts.digest");
    expect(payload.data).toMatchObject({ date: due.toISOString().slice(0, 10), time_zone: "UTC" });
    expect(payload.data.alerts.map((a) => a.listing_id)).toEqual(["1000001"]);
  });

  it("is not sent before its time, nor for a day before the endpoint was made", async () => {
    const { store, alerts } = world;
    await endpoint(
      "https://hooks.example.com/in",
      { digestTime: "07:30", timeZone: "Europe/Paris" },
      new Date("2026-11-29T07:00:00Z"),
    );
    const digest = await alerts.createRule(ACCOUNT, rule("digest"));
    await alerts.fire(ACCOUNT, [newAlert(digest.id, "1")], new Date("2026-11-29T05:00:00Z"));
    // 07:30 in Paris is 06:30 UTC: the day's digest was due before the endpoint existed.
    await worker(() => new Date("2026-11-29T07:10:00Z")).tick();
    expect(await store.digestClaimed(ACCOUNT, "2026-11-29")).toBe(false);
    await alerts.fire(ACCOUNT, [newAlert(digest.id, "2")], new Date("2026-11-29T12:00:00Z"));
    await worker(() => new Date("2026-11-30T06:29:00Z")).tick();
    expect(await store.digestClaimed(ACCOUNT, "2026-11-30")).toBe(false);
    await worker(() => new Date("2026-11-30T06:30:00Z")).tick();
    const [message] = await store.listMessages(ACCOUNT);
    expect(message).toMatchObject({ type: "alerts.digest", digestDate: "2026-11-30" });
    expect(JSON.parse(message!.body).data.alerts.map((a: { listing_id: string }) => a.listing_id)).toEqual([
      "2",
    ]);
  });
});

describe("the digest across a daylight-saving change", () => {
  it("goes at 07:30 in Paris on the day the clocks fall back, covering the 25 hours since the day before's", async () => {
    const { store, alerts } = world;
    // 2026-10-24 07:30 in Paris is 05:30 UTC (summer time); 2026-10-25 07:30 is 06:30 UTC.
    await endpoint(
      "https://hooks.example.com/in",
      { digestTime: "07:30", timeZone: "Europe/Paris" },
      new Date("2026-10-20T00:00:00Z"),
    );
    const digest = await alerts.createRule(ACCOUNT, rule("digest"));
    await alerts.fire(ACCOUNT, [newAlert(digest.id, "before")], new Date("2026-10-24T05:15:00Z"));
    await alerts.fire(ACCOUNT, [newAlert(digest.id, "after")], new Date("2026-10-24T05:45:00Z"));
    await alerts.fire(ACCOUNT, [newAlert(digest.id, "late")], new Date("2026-10-25T06:10:00Z"));
    await worker(() => new Date("2026-10-24T05:29:00Z")).tick();
    await store.claimDigest(ACCOUNT, "2026-10-24", null);
    await worker(() => new Date("2026-10-25T06:29:00Z")).tick();
    expect(await store.digestClaimed(ACCOUNT, "2026-10-25")).toBe(false);
    await worker(() => new Date("2026-10-25T06:30:00Z")).tick();
    const [message] = await store.listMessages(ACCOUNT);
    const { data } = JSON.parse(message!.body);
    expect(data).toMatchObject({
      date: "2026-10-25",
      since: "2026-10-24T05:30:00.000Z",
      until: "2026-10-25T06:30:00.000Z",
    });
    expect(data.alerts.map((a: { listing_id: string }) => a.listing_id)).toEqual(["after", "late"]);
  });
});
