import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PREVIOUS_SECRET_VALID_MS } from "@/lib/server/dashboard-store";
import { openStore } from "@/lib/server/sqlite-store";
import { onWebhookEvent, type WebhookEventNotice } from "@/lib/server/webhooks/event-bus";
import { DELIVERY_BODY_MAX } from "@/lib/server/webhooks/raw-body";
import {
  ORIGIN,
  dataDir,
  delivery,
  envelope,
  makeSink,
  nextEventId,
  post,
  route,
  runtime,
  secretOf,
  withReceiver,
} from "@/test-support/webhook-receiver";

/** POST /api/webhooks/[sink]: the exported handler with real Requests, on a real SQLite file. */
withReceiver();

const store = async () => (await runtime.receiverRuntime()).store;
const stored = async (eventId: string) => (await store()).findEvent(eventId);
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const errorCode = async (res: Response) => ((await json(res)).error as { code: string }).code;
const rejectionsOf = async (sinkId: string) =>
  (await (await store()).listRejections("usr_owner", 1000)).filter((r) => r.sinkId === sinkId);

/** A body stream that counts what the handler pulled; endless unless `total` is given. */
function countingStream(chunk = 64 * 1024) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counter.pulled += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

describe("the webhook receiver route", () => {
  it("a valid delivery answers 200 accepted, is stored verified, then processed and published", async () => {
    const secret = secretOf(1);
    const sink = await makeSink(secret);
    const seen: WebhookEventNotice[] = [];
    const stop = onWebhookEvent((n) => seen.push(n));
    const eventId = nextEventId();
    const res = await post(delivery(sink.id, { secret, eventId }), sink.id);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ accepted: true });
    expect(await stored(eventId)).toMatchObject({
      sinkId: sink.id,
      eventType: "recommendations.updated",
      verification: "verified",
    });
    expect((await stored(eventId))?.body).toBe(envelope(eventId));
    await (await runtime.receiverRuntime()).processor.idle();
    stop();
    expect((await stored(eventId))?.state).toBe("processed");
    expect(seen).toEqual([
      {
        eventId,
        sinkId: sink.id,
        type: "recommendations.updated",
        listingIds: ["lst_1"],
        marketId: "mkt_austin",
      },
    ]);
  });

  it("the same delivery twice at once is stored once and both answers are 200", async () => {
    const secret = secretOf(2);
    const sink = await makeSink(secret);
    const eventId = nextEventId();
    const [a, b] = await Promise.all([
      post(delivery(sink.id, { secret, eventId }), sink.id),
      post(delivery(sink.id, { secret, eventId }), sink.id),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([await json(a), await json(b)]).toEqual(
      expect.arrayContaining([{ accepted: true }, { duplicate: true }]),
    );
    expect(
      (await (await store()).listInbox("usr_owner", 1000)).filter((e) => e.eventId === eventId),
    ).toHaveLength(1);

    const later = await post(delivery(sink.id, { secret, eventId }), sink.id);
    expect(await json(later)).toEqual({ duplicate: true });
  });

  it("a declared Content-Length over 1 MiB is refused with 413 before any byte is read", async () => {
    const secret = secretOf(3);
    const sink = await makeSink(secret);
    const eventId = nextEventId();
    const { stream, counter } = countingStream();
    const valid = delivery(sink.id, { secret, eventId });
    const request = new Request(valid.url, {
      method: "POST",
      headers: { ...Object.fromEntries(valid.headers), "content-length": String(DELIVERY_BODY_MAX + 1) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const res = await post(request, sink.id);
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe("payload_too_large");
    expect(counter.pulled).toBe(0);
    expect(await stored(eventId)).toBeNull();
  });

  it("an actual body over 1 MiB, declared or not, is refused with 413 once 1 MiB is passed, unhashed and unstored", async () => {
    const secret = secretOf(4);
    const sink = await makeSink(secret);
    const eventId = nextEventId();
    // Endless: the handler only answers if it stops reading at the limit.
    const { stream, counter } = countingStream();
    const valid = delivery(sink.id, { secret, eventId });
    const request = new Request(valid.url, {
      method: "POST",
      headers: Object.fromEntries(valid.headers),
      body: stream,
      duplex: "half",
    } as RequestInit);
    const res = await post(request, sink.id);
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeGreaterThan(DELIVERY_BODY_MAX);
    expect(counter.pulled).toBeLessThan(DELIVERY_BODY_MAX + 4 * 64 * 1024);
    expect(await stored(eventId)).toBeNull();
    expect((await rejectionsOf(sink.id)).map((r) => r.reason)).toContain("payload_too_large");
  });

  it("a body of exactly 1 MiB is read and judged on its signature", async () => {
    const secret = secretOf(5);
    const sink = await makeSink(secret);
    const eventId = nextEventId();
    const base = envelope(eventId);
    const body = base.slice(0, -1) + `,"pad":"${"x".repeat(DELIVERY_BODY_MAX - base.length - 9)}"}`;
    expect(Buffer.byteLength(body)).toBe(DELIVERY_BODY_MAX);
    const res = await post(delivery(sink.id, { secret, eventId, body }), sink.id);
    expect(res.status).toBe(200);
  });

  it.each([
    ["Svc-Signature missing", { "svc-signature": null }, 400, "missing_signature"],
    ["Svc-Event-Id missing", { "svc-event-id": null }, 400, "missing_event_id"],
    ["Svc-Event-Id empty", { "svc-event-id": " " }, 400, "missing_event_id"],
    ["a signature of another secret", { "svc-signature": null, "x-resign": "1" }, 401, "invalid_signature"],
    ["a malformed signature", { "svc-signature": "t=now,v1=zz" }, 401, "invalid_signature"],
  ] as const)("%s: %s %s, never stored", async (_name, headers, status, code) => {
    const secret = secretOf(6);
    const sink = await makeSink(secret);
    const eventId = nextEventId();
    const request =
      "x-resign" in headers
        ? delivery(sink.id, { secret: secretOf(99), eventId })
        : delivery(sink.id, { secret, eventId, headers: { ...headers } });
    const res = await post(request, sink.id);
    expect(res.status).toBe(status);
    expect(await errorCode(res)).toBe(code);
    expect(await stored(eventId)).toBeNull();
    expect(await rejectionsOf(sink.id)).toHaveLength(1);
  });

  it.each([
    ["a body that is not JSON", "not json {", "malformed_json"],
    ["JSON that is not an envelope", "[1,2,3]", "invalid_body"],
    ["an envelope without a type", JSON.stringify({ id: "evt_x" }), "invalid_body"],
    ["an envelope whose id is not the Svc-Event-Id", envelope("evt_someone_else"), "event_id_mismatch"],
    ["an empty body", "", "malformed_json"],
  ])("%s, correctly signed: 400, never stored", async (_name, body, code) => {
    const secret = secretOf(7);
    const sink = await makeSink(secret);
    const eventId = nextEventId();
    const res = await post(delivery(sink.id, { secret, eventId, body }), sink.id);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe(code);
    expect(await stored(eventId)).toBeNull();
    expect((await rejectionsOf(sink.id)).map((r) => r.reason)).toEqual([code]);
  });

  it("bytes that are not UTF-8, correctly signed over those bytes: 400, never stored", async () => {
    const secret = secretOf(14);
    const sink = await makeSink(secret);
    const eventId = nextEventId();
    const bytes = Buffer.from([0x7b, 0xff, 0x7d]);
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac("sha256", secret).update(`${t}.`).update(bytes).digest("hex");
    const request = new Request(`${ORIGIN}/api/webhooks/${sink.id}`, {
      method: "POST",
      headers: { "svc-event-id": eventId, "svc-signature": `t=${t},v1=${v1}` },
      body: bytes,
    });
    const res = await post(request, sink.id);
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("malformed_json");
    expect(await stored(eventId)).toBeNull();
  });

  it("an unknown sink answers 404, for a well-formed id and for anything else; nothing is stored", async () => {
    for (const sinkId of ["snk_AAAAAAAAAAAAAAAAAAAAAA", "..%2F..%2Fetc", "x".repeat(500)]) {
      const eventId = nextEventId();
      const res = await post(delivery(sinkId, { secret: secretOf(8), eventId }), sinkId);
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe("sink_not_found");
      expect(await stored(eventId)).toBeNull();
    }
  });

  it("a stale or future t is refused with 401 and logged with its reason", async () => {
    const secret = secretOf(9);
    const sink = await makeSink(secret);
    const now = Math.floor(Date.now() / 1000);
    expect((await post(delivery(sink.id, { secret, t: now - 400 }), sink.id)).status).toBe(401);
    expect((await post(delivery(sink.id, { secret, t: now + 400 }), sink.id)).status).toBe(401);
    expect((await rejectionsOf(sink.id)).map((r) => r.reason).sort()).toEqual(["future", "stale"]);
  });

  it("a forged delivery does not block the genuine one with the same event id", async () => {
    const secret = secretOf(10);
    const sink = await makeSink(secret);
    const eventId = nextEventId();
    const forged = await post(delivery(sink.id, { secret: secretOf(11), eventId }), sink.id);
    expect(forged.status).toBe(401);
    const genuine = await post(delivery(sink.id, { secret, eventId }), sink.id);
    expect(await json(genuine)).toEqual({ accepted: true });
  });

  it("after a rotation the previous secret still verifies within 24 hours, and not after", async () => {
    const old = secretOf(12);
    const fresh = secretOf(13);
    const recent = await makeSink(old);
    await (
      await store()
    ).rotateSinkSecret(recent.id, fresh, new Date(Date.now() - PREVIOUS_SECRET_VALID_MS + 60_000));
    expect((await post(delivery(recent.id, { secret: old }), recent.id)).status).toBe(200);
    expect((await post(delivery(recent.id, { secret: fresh }), recent.id)).status).toBe(200);

    const expired = await makeSink(old);
    await (
      await store()
    ).rotateSinkSecret(expired.id, fresh, new Date(Date.now() - PREVIOUS_SECRET_VALID_MS - 1000));
    const res = await post(delivery(expired.id, { secret: old }), expired.id);
    expect(res.status).toBe(401);
    expect((await rejectionsOf(expired.id)).map((r) => r.reason)).toEqual(["no_match"]);
    expect((await post(delivery(expired.id, { secret: fresh }), expired.id)).status).toBe(200);
  });

  it("other methods answer 405 with the error body and Allow: POST", async () => {
    const res = await route.GET();
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await errorCode(res)).toBe("method_not_allowed");
  });

  it("a secret that cannot be decrypted (SESSION_SECRET changed) answers 503 in words, not 500", async () => {
    const otherKey = openStore({ dataDir, sessionSecret: "another-session-secret-".repeat(3) });
    const sink = await otherKey.createSink({
      ownerAccountId: "usr_owner",
      ownerLabel: "O",
      subscriptionId: null,
      secret: secretOf(15),
    });
    await otherKey.close();
    const eventId = nextEventId();
    const res = await post(delivery(sink.id, { secret: secretOf(15), eventId }), sink.id);
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({
      error: { code: "receiver_unavailable", message: expect.stringMatching(/^The receiver could not take/) },
    });
    expect(await stored(eventId)).toBeNull();
  });

  it("no answer carries a stack trace", async () => {
    const res = await post(new Request(`${ORIGIN}/api/webhooks/x`, { method: "POST", body: "{" }), "x");
    const text = await res.text();
    expect(text).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    expect(JSON.parse(text)).toEqual({ error: { code: "sink_not_found", message: expect.any(String) } });
  });
});
