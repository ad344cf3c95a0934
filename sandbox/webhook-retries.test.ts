import { describe, it, expect, vi } from "vitest";
import { recordEvent } from "./domain/webhooks/events";
import { RETRY_DELAYS_MS } from "./domain/webhooks/retry";
import { FairPool } from "./domain/webhooks/pool";
import { call, rows } from "./test-support";
import { HTML_PAGE, advance, parseSignature, verifySignature } from "./webhook-support";
import {
  TIMEOUT_MS,
  austin,
  deliveriesOf,
  envelopeOf,
  hook,
  owner,
  receiver,
  sandbox,
  subscribe,
  withDeliveryEngine,
  type Sub,
} from "./webhook-engine-support";

describe("webhook delivery engine", () => {
  withDeliveryEngine();

  it("retries follow 30 s, 1, 2, 4, 5, 7 min on the service clock, reuse the event id and are signed afresh", async () => {
    const sub = await subscribe(sandbox, owner, hook("/failing"), ["flags.detected"]);
    receiver.script("/failing", "fail");
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    expect(receiver.at("/failing")).toHaveLength(1);
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      // The service clock is real time plus an offset, so real seconds pass between steps on
      // a loaded machine: "not early" is checked a margin before the due time, not 2 s.
      const margin = Math.min(10, delay / 2000);
      await advance(sandbox, delay / 1000 - margin); // not early
      expect(receiver.at("/failing")).toHaveLength(index + 1);
      await advance(sandbox, margin);
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
    // One runDue: it waited for the slow endpoint's time-out, and then gave up on it rather
    // than waiting for its 5 s answer. Orderings, not durations: the machine may be busy.
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    await vi.waitFor(() => expect(receiver.abandoned("/slow")).toHaveLength(1), { timeout: 4_000 });
    const healthy = receiver.at("/healthy");
    expect(healthy).toHaveLength(1);
    // Sent while the slow one was still pending: it did not wait its turn behind it.
    expect(healthy[0]!.atMs).toBeLessThanOrEqual(receiver.abandoned("/slow")[0]!);

    const first = async (path: string) =>
      (await deliveriesOf(sandbox, owner, subs[path]!.id)).find((d: { attempt: number }) => d.attempt === 1);
    const healthyD = await first("/healthy");
    expect(healthyD).toMatchObject({ status: "succeeded", response_status: 200, error: null });

    const slow = await first("/slow");
    expect(slow).toMatchObject({ status: "failed", response_status: null, attempt: 1 });
    expect(slow.error).toMatch(/timeout/);
    expect(slow.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);

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
