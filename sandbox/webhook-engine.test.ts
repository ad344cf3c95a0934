import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, expect, beforeAll, beforeEach, afterAll, afterEach } from "vitest";
import { webhookDelivery, webhookEnvelope, type WebhookEventType } from "../lib/svc/schemas/webhooks";
import { createSandbox, type Sandbox } from "./app";
import { testSandboxConfig } from "./config";
import { recordEvent } from "./domain/webhooks/events";
import { RETRY_DELAYS_MS } from "./domain/webhooks/retry";
import { FairPool } from "./domain/webhooks/pool";
import { closeWindows } from "./domain/webhooks/windows";
import { call, makeSandbox, personaKeys, rows, type Personas } from "./test-support";
import {
  HTML_PAGE,
  advance,
  alignToBatchWindow,
  parseSignature,
  startReceiver,
  verifySignature,
  type Receiver,
} from "./webhook-support";

const TIMEOUT_MS = 500;

type Sub = { id: string; secret: string };
type Envelope = {
  id: string;
  type: string;
  created_at: string;
  data: { listing_ids: string[]; market_id?: string };
};

const envelopeOf = (body: string) => JSON.parse(body) as Envelope;

async function subscribe(
  sandbox: Sandbox,
  key: string,
  url: string,
  types: WebhookEventType[],
): Promise<Sub> {
  const res = await call(sandbox, "POST", "/webhooks", { key, body: { url, event_types: types } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Sub;
}

async function deliveriesOf(sandbox: Sandbox, key: string, id: string, query = "per_page=100") {
  const res = await call(sandbox, "GET", `/webhooks/${id}/deliveries?${query}`, { key });
  expect(res.status).toBe(200);
  return res.json.map((d: unknown) => webhookDelivery.parse(d));
}

describe("webhook delivery engine", () => {
  let sandbox: Sandbox;
  let receiver: Receiver;
  let p: Personas;
  let owner: string;
  /** The owner's own listings, by market. */
  let byMarket: Record<string, string[]>;

  beforeAll(async () => {
    sandbox = makeSandbox({ webhookTimeoutMs: TIMEOUT_MS });
    receiver = await startReceiver();
    p = await personaKeys(sandbox);
    owner = p.owner.keys.standard;
    byMarket = {};
    for (const l of rows<{ svc_id: string; market_id: string }>(
      sandbox,
      `SELECT svc_id, market_id FROM listings WHERE owner_user_id = ? ORDER BY svc_id`,
      p.owner.user_id,
    )) {
      (byMarket[l.market_id] ??= []).push(l.svc_id);
    }
  });
  afterAll(async () => {
    sandbox.close();
    await receiver.close();
  });
  beforeEach(async () => {
    sandbox.ctx.db.exec(`DELETE FROM webhook_attempts; DELETE FROM webhook_subscriptions;`);
    receiver.received.length = 0;
    await alignToBatchWindow(sandbox);
  });

  const austin = () => byMarket.mkt_austin!;
  const lisbon = () => byMarket.mkt_lisbon!;
  const hook = (path: string) => `${receiver.url}${path}`;

  it("events in one window collapse into one request naming every listing, sorted; the next window sends another", async () => {
    await subscribe(sandbox, owner, hook("/batch"), ["reservations.ingested"]);
    const [a, b, c, d] = austin();
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [c!, a!] });
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [b!] });
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [a!] });
    await advance(sandbox, 297); // the window (opened one second in) has not ended
    expect(receiver.at("/batch")).toHaveLength(0);
    await advance(sandbox, 3);
    expect(receiver.at("/batch")).toHaveLength(1);
    const first = envelopeOf(receiver.at("/batch")[0]!.body);
    expect(first.type).toBe("reservations.ingested");
    expect(first.data).toEqual({ listing_ids: [a, b, c] });

    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [d!] });
    await advance(sandbox, 300);
    expect(receiver.at("/batch")).toHaveLength(2);
    const second = envelopeOf(receiver.at("/batch")[1]!.body);
    expect(second.data).toEqual({ listing_ids: [d] });
    expect(second.id).not.toBe(first.id);
    expect(rows(sandbox, `SELECT COUNT(*) AS n FROM webhook_pending`)).toEqual([{ n: 0 }]);
  });

  it("the body follows the envelope contract, is stored byte for byte, and Svc-Event-Id equals its id", async () => {
    await subscribe(sandbox, owner, hook("/envelope"), ["flags.detected"]);
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    const [req] = receiver.at("/envelope");
    expect(req).toBeDefined();
    const envelope = webhookEnvelope.parse(JSON.parse(req!.body));
    expect(req!.headers["svc-event-id"]).toBe(envelope.id);
    expect(envelope.id).toMatch(/^evt_/);
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(rows(sandbox, `SELECT body, outcome FROM webhook_events WHERE id = ?`, envelope.id)).toEqual([
      { body: req!.body, outcome: "succeeded" },
    ]);
    expect("market_id" in envelope.data).toBe(false);
  });

  it("recommendations.updated batches per market and carries market_id", async () => {
    await subscribe(sandbox, owner, hook("/reco"), ["recommendations.updated"]);
    recordEvent(sandbox.ctx, {
      type: "recommendations.updated",
      listingIds: austin(),
      marketId: "mkt_austin",
    });
    recordEvent(sandbox.ctx, {
      type: "recommendations.updated",
      listingIds: lisbon(),
      marketId: "mkt_lisbon",
    });
    // Rates posted for one listing (no market given) batch under the listing's own market.
    recordEvent(sandbox.ctx, { type: "recommendations.updated", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    const bodies = receiver.at("/reco").map((r) => webhookEnvelope.parse(JSON.parse(r.body)));
    expect(bodies).toHaveLength(2);
    const byId = Object.fromEntries(bodies.map((b) => [b.data.market_id, b.data.listing_ids]));
    expect(byId).toEqual({ mkt_austin: austin(), mkt_lisbon: lisbon() });
  });

  it("each type is a separate request, only subscribed types are sent, and only listings the subscriber can access", async () => {
    await subscribe(sandbox, owner, hook("/owner-flags"), ["flags.detected"]);
    await subscribe(sandbox, p.manager.keys.standard, hook("/manager"), [
      "flags.detected",
      "reservations.ingested",
    ]);
    const [outsiderListing] = rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ?`,
      p.outsider.user_id,
    );
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!, outsiderListing!.svc_id] });
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [austin()[1]!] });
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [outsiderListing!.svc_id] });
    await advance(sandbox, 300);
    const ownerBodies = receiver.at("/owner-flags").map((r) => envelopeOf(r.body));
    expect(ownerBodies.map((b) => [b.type, b.data.listing_ids])).toEqual([["flags.detected", [austin()[0]]]]);
    // The manager manages the owner's listings (shared), not the outsider's.
    const managerBodies = receiver.at("/manager").map((r) => envelopeOf(r.body));
    expect(managerBodies.map((b) => [b.type, b.data.listing_ids]).sort()).toEqual([
      ["flags.detected", [austin()[0]]],
      ["reservations.ingested", [austin()[1]]],
    ]);
  });

  it("the signature verifies with an independent HMAC and fails with a wrong secret; rotation signs with the new secret at once", async () => {
    const sub = await subscribe(sandbox, owner, hook("/signed"), ["flags.detected"]);
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    const [req] = receiver.at("/signed");
    const header = req!.headers["svc-signature"];
    expect(header).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(verifySignature(sub.secret, header, req!.body)).toBe(true);
    expect(verifySignature(`whsec_${randomBytes(32).toString("hex")}`, header, req!.body)).toBe(false);
    expect(verifySignature(sub.secret.replace(/^whsec_/, ""), header, req!.body)).toBe(false);
    expect(verifySignature(sub.secret, header, req!.body.replace("flags", "flagz"))).toBe(false);
    // t is real time (receivers compare it with their clocks), not the service clock.
    expect(Math.abs(parseSignature(header)!.t - Date.now() / 1000)).toBeLessThan(300);

    const rotated = await call(sandbox, "POST", `/webhooks/${sub.id}/rotate_secret`, { key: owner });
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[1]!] });
    await advance(sandbox, 300);
    const next = receiver.at("/signed")[1]!;
    expect(verifySignature(rotated.json.secret, next.headers["svc-signature"], next.body)).toBe(true);
    expect(verifySignature(sub.secret, next.headers["svc-signature"], next.body)).toBe(false);
  });

  it("retries follow 30 s, 1, 2, 4, 5, 7 min on the service clock, reuse the event id and are signed afresh", async () => {
    const sub = await subscribe(sandbox, owner, hook("/failing"), ["flags.detected"]);
    receiver.script("/failing", "fail");
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    expect(receiver.at("/failing")).toHaveLength(1);
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      await advance(sandbox, delay / 1000 - 2); // not early
      expect(receiver.at("/failing")).toHaveLength(index + 1);
      await advance(sandbox, 2);
      expect(receiver.at("/failing")).toHaveLength(index + 2);
    }
    await advance(sandbox, 3600); // nothing after the seventh
    const requests = receiver.at("/failing");
    expect(requests).toHaveLength(7);

    const eventIds = new Set(requests.map((r) => r.headers["svc-event-id"]));
    expect(eventIds.size).toBe(1);
    for (const r of requests) {
      expect(envelopeOf(r.body).id).toBe(r.headers["svc-event-id"]);
      expect(verifySignature(sub.secret, r.headers["svc-signature"], r.body)).toBe(true);
      expect(Math.abs(parseSignature(r.headers["svc-signature"])!.t * 1000 - Date.now())).toBeLessThan(
        300_000,
      );
    }

    const due = rows<{ attempt: number; due_at_ms: number }>(
      sandbox,
      `SELECT attempt, due_at_ms FROM webhook_attempts WHERE subscription_id = ? ORDER BY attempt`,
      sub.id,
    );
    expect(due.map((d) => d.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(due[0]!.due_at_ms % 300_000).toBe(0); // the first attempt is due when the window ends
    expect(due.slice(1).map((d, i) => d.due_at_ms - due[i]!.due_at_ms)).toEqual([...RETRY_DELAYS_MS]);

    const deliveries = await deliveriesOf(sandbox, owner, sub.id);
    expect(deliveries.map((d: { attempt: number }) => d.attempt)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: "failed", response_status: 500, event_type: "flags.detected" });
      expect(d.error).toMatch(/500/);
      expect(d.response_body).toContain("receiver failed on purpose");
      expect(d.duration_ms).toBeGreaterThanOrEqual(0);
    }
    // Each failed attempt names when the next one is due; the seventh names none.
    const dueIso = (attempt: number) =>
      new Date(due[attempt - 1]!.due_at_ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    for (const d of deliveries) {
      expect(d.next_attempt_at).toBe(d.attempt === 7 ? null : dueIso(d.attempt + 1));
      expect(Date.parse(d.attempted_at)).toBeGreaterThanOrEqual(due[d.attempt - 1]!.due_at_ms - 1000);
    }
    expect(rows(sandbox, `SELECT outcome FROM webhook_events WHERE subscription_id = ?`, sub.id)).toEqual([
      { outcome: "exhausted" },
    ]);
    const read = await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: owner });
    expect(read.json).toMatchObject({ status: "enabled", consecutive_failures: 1, disabled_reason: null });
  });

  it("a retry that succeeds ends the delivery and resets consecutive failures; the pending attempt is listed first", async () => {
    const sub = await subscribe(sandbox, owner, hook("/flaky"), ["flags.detected"]);
    sandbox.ctx.db
      .prepare(`UPDATE webhook_subscriptions SET consecutive_failures = 2 WHERE id = ?`)
      .run(sub.id);
    receiver.script("/flaky", "fail", "ok");
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    const pending = await deliveriesOf(sandbox, owner, sub.id);
    expect(pending.map((d: { attempt: number; status: string }) => [d.attempt, d.status])).toEqual([
      [2, "pending"],
      [1, "failed"],
    ]);
    expect(pending[0].attempted_at).toBe(pending[1].next_attempt_at);
    expect(pending[0].response_status).toBeNull();
    await advance(sandbox, 30);
    const done = await deliveriesOf(sandbox, owner, sub.id);
    expect(done.map((d: { attempt: number; status: string }) => [d.attempt, d.status])).toEqual([
      [2, "succeeded"],
      [1, "failed"],
    ]);
    expect(done[0].response_body).toBe('{"received":true}');
    expect(
      (await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: owner })).json.consecutive_failures,
    ).toBe(0);
    expect(new Set(receiver.at("/flaky").map((r) => r.headers["svc-event-id"])).size).toBe(1);
  });

  it("three exhausted deliveries disable the subscription (repeated_failures); PUT status enabled re-enables and resumes", async () => {
    const sub = await subscribe(sandbox, owner, hook("/down"), ["flags.detected"]);
    receiver.script("/down", "fail");
    const listings = austin();
    for (let w = 0; w < 4; w += 1) {
      expect(recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [listings[w]!] })).toBe(1);
      if (w < 3) await advance(sandbox, 300);
    }
    // Deliveries 1-3 end their seventh attempt 19.5 min after their windows; the fourth has one attempt left.
    await advance(sandbox, 1170);
    const read = (await call(sandbox, "GET", `/webhooks/${sub.id}`, { key: owner })).json;
    expect(read).toMatchObject({
      status: "disabled",
      disabled_reason: "repeated_failures",
      consecutive_failures: 3,
    });
    const outcomes = rows<{ outcome: string }>(
      sandbox,
      `SELECT outcome FROM webhook_events WHERE subscription_id = ? ORDER BY created_at, rowid`,
      sub.id,
    ).map((r) => r.outcome);
    expect(outcomes).toEqual(["exhausted", "exhausted", "exhausted", "pending"]);
    expect(receiver.at("/down")).toHaveLength(27);

    // Disabled: no new events, and the pending attempt is not sent however long we wait.
    expect(recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [listings[5]!] })).toBe(0);
    await advance(sandbox, 3600);
    expect(receiver.at("/down")).toHaveLength(27);

    receiver.script("/down", "ok");
    const enabled = await call(sandbox, "PUT", `/webhooks/${sub.id}`, {
      key: owner,
      body: { status: "enabled" },
    });
    expect(enabled.json).toMatchObject({ status: "enabled", disabled_reason: null, consecutive_failures: 0 });
    await advance(sandbox, 1);
    const resumed = receiver.at("/down");
    expect(resumed).toHaveLength(28);
    expect(envelopeOf(resumed[27]!.body).data.listing_ids).toEqual([listings[3]]);
    const [last] = await deliveriesOf(sandbox, owner, sub.id);
    expect(last).toMatchObject({ attempt: 7, status: "succeeded", response_status: 200 });
    // New events flow again.
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [listings[6]!] });
    await advance(sandbox, 300);
    expect(receiver.at("/down")).toHaveLength(29);
  });

  it("slow, redirecting, resetting and HTML-answering endpoints do not stall a healthy subscription", async () => {
    receiver.script("/slow", { slowMs: 5_000 });
    receiver.script("/redirect", "redirect");
    receiver.script("/reset", "reset");
    receiver.script("/html", "html");
    const subs: Record<string, Sub> = {};
    for (const path of ["/slow", "/redirect", "/reset", "/html", "/healthy"]) {
      subs[path] = await subscribe(sandbox, owner, hook(path), ["flags.detected"]);
    }
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    const started = Date.now();
    await advance(sandbox, 300);
    const elapsed = Date.now() - started;
    // One runDue: it waited for the slow endpoint's time-out, not for its 5 s answer.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(3_000);
    const healthy = receiver.at("/healthy");
    expect(healthy).toHaveLength(1);
    expect(healthy[0]!.atMs - started).toBeLessThan(TIMEOUT_MS); // sent while the slow one was pending

    const first = async (path: string) =>
      (await deliveriesOf(sandbox, owner, subs[path]!.id)).find((d: { attempt: number }) => d.attempt === 1);
    const healthyD = await first("/healthy");
    expect(healthyD).toMatchObject({ status: "succeeded", response_status: 200, error: null });
    expect(healthyD.duration_ms).toBeLessThan(TIMEOUT_MS);

    const slow = await first("/slow");
    expect(slow).toMatchObject({ status: "failed", response_status: null, attempt: 1 });
    expect(slow.error).toMatch(/timeout/);
    expect(slow.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(slow.duration_ms).toBeLessThan(2_000);

    const redirect = await first("/redirect");
    expect(redirect).toMatchObject({ status: "failed", response_status: 302 });
    expect(redirect.error).toMatch(/redirect 302 not followed/);
    expect(receiver.at("/elsewhere")).toHaveLength(0);

    const reset = await first("/reset");
    expect(reset).toMatchObject({ status: "failed", response_status: null, response_body: null });
    expect(reset.error).toMatch(/reset|closed|socket/i);

    const html = await first("/html");
    expect(html).toMatchObject({ status: "succeeded", response_status: 200 });
    expect(html.response_body).toBe(HTML_PAGE.slice(0, 1024));
    expect(html.response_body).toHaveLength(1024);

    // Each failure has its retry scheduled 30 s after its first attempt.
    for (const path of ["/slow", "/redirect", "/reset"]) {
      const list = await deliveriesOf(sandbox, owner, subs[path]!.id);
      expect(list.map((d: { attempt: number; status: string }) => [d.attempt, d.status])).toEqual([
        [2, "pending"],
        [1, "failed"],
      ]);
    }
  });

  it("deliveries are paginated newest first with X-Total-Count", async () => {
    const sub = await subscribe(sandbox, owner, hook("/paged"), ["flags.detected"]);
    for (let w = 0; w < 3; w += 1) {
      recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[w]!] });
      await advance(sandbox, 300);
    }
    const page1 = await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries?per_page=2`, { key: owner });
    const page2 = await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries?per_page=2&page=2`, {
      key: owner,
    });
    expect(page1.headers.get("X-Total-Count")).toBe("3");
    expect(page1.json).toHaveLength(2);
    expect(page2.json).toHaveLength(1);
    const all = [...page1.json, ...page2.json];
    const times = all.map((d: { attempted_at: string }) => Date.parse(d.attempted_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(all.map((d: { event_id: string }) => d.event_id)).size).toBe(3);
    expect(
      (await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries?page=1&offset=0`, { key: owner })).status,
    ).toBe(400);
  });

  it("deleting a subscription drops its pending deliveries: nothing more is sent", async () => {
    const sub = await subscribe(sandbox, owner, hook("/gone"), ["flags.detected"]);
    receiver.script("/gone", "fail");
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    expect(receiver.at("/gone")).toHaveLength(1);
    expect((await call(sandbox, "DELETE", `/webhooks/${sub.id}`, { key: owner })).status).toBe(204);
    await advance(sandbox, 3600);
    expect(receiver.at("/gone")).toHaveLength(1);
    expect(
      rows(sandbox, `SELECT COUNT(*) AS n FROM webhook_attempts WHERE subscription_id = ?`, sub.id),
    ).toEqual([{ n: 0 }]);
  });

  it("after /_sandbox/reset deliveries work again", async () => {
    const res = await call(sandbox, "POST", "/_sandbox/reset");
    expect(res.status).toBe(200);
    await subscribe(sandbox, owner, hook("/after-reset"), ["flags.detected"]);
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    expect(receiver.at("/after-reset")).toHaveLength(1);
  });
});

describe("the engine's send pool", () => {
  it("one subscription with many slow sends holds at most its share; another subscription's send starts at once", async () => {
    const started: string[] = [];
    const release: Array<() => void> = [];
    const pool = new FairPool<string>(4, 2, (item) => {
      started.push(item);
      return new Promise<boolean>((resolve) => release.push(() => resolve(true)));
    });
    const slow = Array.from({ length: 10 }, (_, i) => pool.add("slow", `slow-${i}`));
    const healthy = pool.add("healthy", "healthy-0");
    expect(started).toEqual(["slow-0", "slow-1", "healthy-0"]);
    expect(pool.size).toEqual({ running: 3, queued: 8 });
    release[2]!();
    expect(await healthy).toBe(true);
    // Releasing the slow sends one by one lets the queued ones through, two at a time.
    let finished = false;
    void Promise.all(slow).then(() => (finished = true));
    for (let next = 0; !finished;) {
      if (next < release.length) release[next++]!();
      else await new Promise((r) => setTimeout(r, 1));
      expect(pool.size.running).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(slow)).toEqual(Array(10).fill(true));
    expect(pool.size).toEqual({ running: 0, queued: 0 });
  });
});

describe("webhook delivery durability across restarts", () => {
  let receiver: Receiver;
  let dbPath: string;
  let open: Sandbox | null = null;

  const start = () => (open = createSandbox(testSandboxConfig({ dbPath, webhookTimeoutMs: TIMEOUT_MS })));
  const stop = () => {
    open?.close();
    open = null;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    dbPath = join(tmpdir(), `webhooks-${process.pid}-${randomBytes(4).toString("hex")}.db`);
    receiver.received.length = 0;
  });
  afterEach(() => {
    stop();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  });

  /** A subscription with one closed window: its first attempt is stored and due, not sent. */
  async function storedDueAttempt(sandbox: Sandbox, path: string) {
    const personas = await personaKeys(sandbox);
    const sub = await subscribe(sandbox, personas.owner.keys.standard, `${receiver.url}${path}`, [
      "flags.detected",
    ]);
    const [listing] = rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ? ORDER BY svc_id LIMIT 1`,
      personas.owner.user_id,
    );
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [listing!.svc_id] });
    // The window ended (moved back one window), closed without sending anything.
    sandbox.ctx.db.exec(`UPDATE webhook_pending SET window_start_ms = window_start_ms - 300000`);
    expect(closeWindows(sandbox.ctx, sandbox.ctx.clock.nowMs())).toBe(1);
    const [event] = rows<{ id: string }>(
      sandbox,
      `SELECT id FROM webhook_events WHERE subscription_id = ?`,
      sub.id,
    );
    return { sub, eventId: event!.id };
  }

  it("a due attempt stored before a restart is sent once after it, with the same event id; a later restart sends nothing", async () => {
    const { sub, eventId } = await storedDueAttempt(start(), "/durable");
    stop();
    expect(receiver.at("/durable")).toHaveLength(0);

    await start().engine.runDue();
    expect(receiver.at("/durable")).toHaveLength(1);
    expect(receiver.at("/durable")[0]!.headers["svc-event-id"]).toBe(eventId);
    expect(
      verifySignature(
        sub.secret,
        receiver.at("/durable")[0]!.headers["svc-signature"],
        receiver.at("/durable")[0]!.body,
      ),
    ).toBe(true);
    await open!.engine.runDue();
    stop();

    await start().engine.runDue();
    await advance(open!, 3600);
    expect(receiver.at("/durable")).toHaveLength(1);
    expect(rows(open!, `SELECT attempt, status FROM webhook_attempts`)).toEqual([
      { attempt: 1, status: "succeeded" },
    ]);
  });

  it("a send cut off by shutdown before its answer was recorded is sent again after restart, as a retry with the same id", async () => {
    receiver.script("/cut", { slowMs: 300 }, "ok");
    const { eventId } = await storedDueAttempt(start(), "/cut");
    const running = open!.engine.runDue();
    while (receiver.at("/cut").length === 0) await new Promise((r) => setTimeout(r, 10));
    stop(); // the request is out, its answer not recorded yet
    await running;

    await start().engine.runDue();
    const sent = receiver.at("/cut");
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers["svc-event-id"])).toEqual([eventId, eventId]);
    expect(rows(open!, `SELECT attempt, status FROM webhook_attempts`)).toEqual([
      { attempt: 1, status: "succeeded" },
    ]);
  });
});
