import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
} from "../../../lib/svc/schemas/webhooks";
import type { SandboxContext } from "../../context";
import { FairPool } from "./pool";
import { recordAttempt, type AttemptRow } from "./retry";
import { postDelivery } from "./send";
import { sign, signingTime } from "./signing";
import { statement } from "./statements";
import { closeWindows } from "./windows";

/** The delivery engine: closes batch windows, signs and sends due attempts, retries, disables. */
export interface DeliveryEngine {
  /**
   * Closes every window that has ended and sends every attempt that is due, again until
   * nothing more falls due (a retry whose time has already come on the service clock is
   * sent in the same call), then settles: it resolves once every send it started is recorded.
   */
  runDue(): Promise<void>;
  /**
   * Ticks on a real-time interval (the standalone server). A tick closes windows and queues
   * due attempts without waiting for their answers, so ticks never overlap and a slow
   * endpoint never holds back the next tick.
   */
  start(intervalMs: number): void;
  /** Stops ticking and drops queued sends not started yet; sends under way finish. */
  stop(): void;
  /** Attempts queued or being sent now. */
  inFlight(): number;
}

export interface EngineOptions {
  /** Sends at once, in all (default 64). */
  concurrency?: number;
  /** Sends at once to one subscription (default 16). */
  perSubscription?: number;
}

type DueAttempt = Pick<AttemptRow, "id" | "event_id" | "subscription_id" | "attempt" | "due_at_ms"> & {
  body: string;
};

/** The request's User-Agent, so receivers can tell deliveries apart in their logs. */
const USER_AGENT = "svc-webhooks/1 (reference service)";

export function createDeliveryEngine(ctx: SandboxContext, options: EngineOptions = {}): DeliveryEngine {
  const { db } = ctx;
  /** Attempts queued or being sent: a tick or a concurrent runDue never sends one twice at once. */
  const inFlight = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  /**
   * One attempt: url and secret are read now, so a rotated secret signs from the next
   * attempt on, and a subscription disabled or deleted meanwhile sends nothing. `t` is
   * real time (receivers compare it with their clocks); the attempt's times are the
   * service clock's.
   */
  async function sendOne(attempt: DueAttempt): Promise<boolean> {
    if (!db.open) return false;
    const sub = statement(db, `SELECT url, secret, status FROM webhook_subscriptions WHERE id = ?`).get(
      attempt.subscription_id,
    ) as { url: string; secret: string; status: string } | undefined;
    if (!sub || sub.status !== "enabled") return false;
    const t = signingTime();
    const result = await postDelivery(
      sub.url,
      {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        [WEBHOOK_EVENT_ID_HEADER]: attempt.event_id,
        [WEBHOOK_SIGNATURE_HEADER]: sign(sub.secret, t, attempt.body),
      },
      attempt.body,
      ctx.config.webhookTimeoutMs,
    );
    try {
      recordAttempt(ctx, attempt, result, ctx.clock.nowMs());
    } catch (error) {
      // Closed under us (shutdown): the attempt stays pending and is sent again, same id.
      if (db.open) console.error("[sandbox] webhook attempt not recorded:", (error as Error).message);
    }
    return true;
  }

  const pool = new FairPool<DueAttempt>(options.concurrency ?? 64, options.perSubscription ?? 16, sendOne);

  function dueAttempts(nowMs: number): DueAttempt[] {
    const rows = statement(
      db,
      `SELECT a.id, a.event_id, a.subscription_id, a.attempt, a.due_at_ms, e.body
       FROM webhook_attempts a
       JOIN webhook_events e ON e.id = a.event_id
       JOIN webhook_subscriptions s ON s.id = a.subscription_id
       WHERE a.status = 'pending' AND a.due_at_ms <= ? AND s.status = 'enabled'
       ORDER BY a.due_at_ms, a.attempt`,
    ).all(nowMs) as DueAttempt[];
    return rows.filter((row) => !inFlight.has(row.id));
  }

  /** Closes ended windows and queues every due attempt not already queued; one promise each. */
  function queueDue(): Array<Promise<boolean>> {
    if (!db.open) return [];
    const now = ctx.clock.nowMs();
    closeWindows(ctx, now);
    return dueAttempts(now).map((attempt) => {
      inFlight.add(attempt.id);
      return pool.add(attempt.subscription_id, attempt).finally(() => inFlight.delete(attempt.id));
    });
  }

  async function runDue(): Promise<void> {
    // Each pass can make retries due (their time already passed on the service clock);
    // a delivery has at most seven attempts, so a few passes settle everything.
    for (let pass = 0; pass <= WEBHOOK_MAX_ATTEMPTS + 1; pass += 1) {
      const sends = queueDue();
      if (sends.length === 0) return;
      const sent = await Promise.all(sends);
      if (!sent.some(Boolean)) return;
    }
  }

  return {
    runDue,
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(() => {
        try {
          void queueDue();
        } catch (error) {
          if (db.open) console.error("[sandbox] webhook tick failed:", (error as Error).message);
        }
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      pool.clear();
    },
    inFlight: () => inFlight.size,
  };
}
