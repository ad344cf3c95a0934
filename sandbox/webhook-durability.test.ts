import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, expect, beforeAll, beforeEach, afterAll, afterEach } from "vitest";
import { createSandbox, type Sandbox } from "./app";
import { testSandboxConfig } from "./config";
import { recordEvent } from "./domain/webhooks/events";
import { closeWindows } from "./domain/webhooks/windows";
import { personaKeys, rows } from "./test-support";
import { advance, startReceiver, verifySignature, type Receiver } from "./webhook-support";
import { TIMEOUT_MS, subscribe } from "./webhook-engine-support";

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
