import { randomBytes } from "node:crypto";
import { sign } from "../../../sandbox/domain/webhooks/signing";
import { openStore } from "../../../lib/server/sqlite-store";
import { send } from "../client";
import { tally, type Check } from "../types";

/**
 * Webhook forgery at the receiver: a sink is created in the dashboard's store with a secret
 * the suite knows (as bench:receiver does); then forged, stale, future, oversize, mismatched
 * and replayed deliveries. Only the genuine delivery is accepted, and only once, however many
 * copies arrive at the same moment.
 */
const MIB = 1024 * 1024;

export const webhookForgery: Check = async (servers) => {
  const { result, probe } = tally("Webhook forgery, staleness, size and replay");
  const secret = `whsec_${randomBytes(32).toString("hex")}`;
  const store = openStore({ dataDir: servers.dataDir, sessionSecret: servers.sessionSecret });
  const sink = await store.createSink({
    ownerAccountId: "usr_security_suite",
    ownerLabel: "Security suite",
    subscriptionId: null,
    secret,
  });
  const path = `/api/webhooks/${sink.id}`;
  const now = () => Math.floor(Date.now() / 1000);
  const envelope = (id: string) =>
    JSON.stringify({
      id,
      type: "flags.detected",
      created_at: new Date().toISOString(),
      data: { listing_ids: ["1000001"] },
    });
  const deliver = (body: string | Buffer, headers: Record<string, string>) =>
    send(servers, {
      method: "POST",
      path,
      headers: { "content-type": "application/json", ...headers },
      body,
    });
  const signed = (id: string, opts: { t?: number; key?: string; body?: string } = {}) => {
    const body = opts.body ?? envelope(id);
    return {
      body,
      headers: { "svc-event-id": id, "svc-signature": sign(opts.key ?? secret, opts.t ?? now(), body) },
    };
  };
  const expect = async (
    name: string,
    status: number,
    run: () => Promise<{ status: number; body: string }>,
  ) => {
    const answer = await run();
    probe(
      answer.status === status,
      () => `${name}: ${answer.status} (expected ${status}) ${answer.body.slice(0, 100)}`,
    );
  };

  const id = (n: string) => `evt_suite_${n}_${randomBytes(4).toString("hex")}`;
  await expect("no signature", 400, () => deliver(envelope("e1"), { "svc-event-id": "e1" }));
  await expect("malformed signature", 401, () =>
    deliver(envelope("e2"), { "svc-event-id": "e2", "svc-signature": "v1=deadbeef" }),
  );
  await expect("another secret", 401, () => {
    const d = signed(id("other"), { key: `whsec_${"ab".repeat(32)}` });
    return deliver(d.body, d.headers);
  });
  await expect("body changed after signing", 401, () => {
    const d = signed(id("tamper"));
    return deliver(d.body.replace("1000001", "1000002"), d.headers);
  });
  await expect("stale timestamp (10 minutes old)", 401, () => {
    const d = signed(id("stale"), { t: now() - 600 });
    return deliver(d.body, d.headers);
  });
  await expect("future timestamp (10 minutes ahead)", 401, () => {
    const d = signed(id("future"), { t: now() + 600 });
    return deliver(d.body, d.headers);
  });
  await expect("event id header differs from the envelope", 400, () => {
    const d = signed(id("mismatch"));
    return deliver(d.body, { ...d.headers, "svc-event-id": "evt_someone_else" });
  });
  await expect("no event id", 400, () => {
    const d = signed(id("noid"));
    return deliver(d.body, { "svc-signature": d.headers["svc-signature"] });
  });
  await expect("signed, but not JSON", 400, () => {
    const d = signed("evt_x", { body: "not json" });
    return deliver(d.body, d.headers);
  });
  await expect("oversize body (1 MiB + 1 byte)", 413, () => {
    const big = Buffer.alloc(MIB + 1, 0x20);
    return deliver(big, { "svc-event-id": "evt_big", "svc-signature": sign(secret, now(), big.toString()) });
  });
  await expect("unknown sink", 404, () =>
    send(servers, {
      method: "POST",
      path: "/api/webhooks/snk_0000000000000000000000",
      headers: signed(id("nosink")).headers,
      body: "{}",
    }),
  );

  // The genuine delivery, twenty copies at once: one accepted, the others duplicates.
  const genuine = signed(id("genuine"));
  const eventId = genuine.headers["svc-event-id"];
  const copies = await Promise.all(Array.from({ length: 20 }, () => deliver(genuine.body, genuine.headers)));
  const accepted = copies.filter((c) => c.status === 200 && c.body.includes('"accepted":true')).length;
  const duplicates = copies.filter((c) => c.status === 200 && c.body.includes('"duplicate":true')).length;
  probe(
    accepted === 1 && duplicates === 19,
    () => `20 concurrent copies: ${accepted} accepted, ${duplicates} duplicates`,
  );
  const later = await deliver(genuine.body, genuine.headers);
  probe(
    later.status === 200 && later.body.includes('"duplicate":true'),
    () => `a later replay: ${later.status} ${later.body}`,
  );
  probe((await store.findEvent(eventId)) !== null, () => "the genuine event was not stored");
  await store.close();
  return result;
};
