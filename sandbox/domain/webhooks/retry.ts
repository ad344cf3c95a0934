import { WEBHOOK_MAX_ATTEMPTS } from "../../../lib/svc/schemas/webhooks";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import type { SendResult } from "./send";
import { statement } from "./statements";
import { newAttemptId } from "./windows";

/**
 * docs/interface-decisions.md §6: attempts at +0 s, +30 s, +1 min, +2 min, +4 min, +5 min, +7 min
 * (seven attempts, about 19.5 minutes). RETRY_DELAYS_MS[n - 1] is the wait after attempt n.
 */
export const RETRY_DELAYS_MS = [30_000, 60_000, 120_000, 240_000, 300_000, 420_000] as const;

/** Consecutive exhausted deliveries after which a subscription is disabled. */
export const DISABLE_AFTER_EXHAUSTED = 3;

/** A row of webhook_attempts. */
export interface AttemptRow {
  id: string;
  event_id: string;
  subscription_id: string;
  attempt: number;
  status: "pending" | "succeeded" | "failed";
  due_at_ms: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  attempted_at: string | null;
  next_attempt_at: string | null;
}

/** When attempt `attempt + 1` falls due, or null after the last one. */
export function nextDueMs(attempt: number, dueAtMs: number): number | null {
  if (attempt >= WEBHOOK_MAX_ATTEMPTS) return null;
  return dueAtMs + RETRY_DELAYS_MS[attempt - 1]!;
}

/**
 * Stores what an attempt came to, in one transaction: the attempt row; on success the
 * event's outcome and the subscription's failure count back to 0; on failure the next
 * attempt as a new pending row (the retry schedule follows the service clock from the
 * previous attempt's due time), or after the last attempt the event `exhausted`, one more
 * consecutive failure, and at the threshold the subscription disabled.
 *
 * Does nothing when the attempt is no longer pending: the subscription was deleted, the
 * world was reset, or the attempt was already recorded. Returns whether it recorded.
 */
export function recordAttempt(
  ctx: SandboxContext,
  attempt: Pick<AttemptRow, "id" | "event_id" | "subscription_id" | "attempt" | "due_at_ms">,
  result: SendResult,
  attemptedAtMs: number,
): boolean {
  const { db } = ctx;
  if (!db.open) return false;
  const nextDue = result.ok ? null : nextDueMs(attempt.attempt, attempt.due_at_ms);
  let recorded = false;
  db.transaction(() => {
    const updated = statement(
      db,
      `UPDATE webhook_attempts
       SET status = ?, response_status = ?, response_body = ?, error = ?, duration_ms = ?,
           attempted_at = ?, next_attempt_at = ?
       WHERE id = ? AND status = 'pending'`,
    ).run(
      result.ok ? "succeeded" : "failed",
      result.status,
      result.body,
      result.error,
      Math.round(result.durationMs * 100) / 100,
      isoTimestamp(new Date(attemptedAtMs)),
      nextDue === null ? null : isoTimestamp(new Date(nextDue)),
      attempt.id,
    );
    if (updated.changes === 0) return;
    recorded = true;
    if (result.ok) {
      statement(db, `UPDATE webhook_events SET outcome = 'succeeded' WHERE id = ?`).run(attempt.event_id);
      statement(
        db,
        `UPDATE webhook_subscriptions SET consecutive_failures = 0 WHERE id = ? AND consecutive_failures <> 0`,
      ).run(attempt.subscription_id);
      return;
    }
    if (nextDue !== null) {
      statement(
        db,
        `INSERT INTO webhook_attempts (id, event_id, subscription_id, attempt, status, due_at_ms)
         VALUES (?, ?, ?, ?, 'pending', ?)`,
      ).run(newAttemptId(), attempt.event_id, attempt.subscription_id, attempt.attempt + 1, nextDue);
      return;
    }
    statement(db, `UPDATE webhook_events SET outcome = 'exhausted' WHERE id = ?`).run(attempt.event_id);
    statement(
      db,
      `UPDATE webhook_subscriptions SET consecutive_failures = consecutive_failures + 1 WHERE id = ?`,
    ).run(attempt.subscription_id);
    statement(
      db,
      `UPDATE webhook_subscriptions
       SET status = 'disabled', disabled_reason = 'repeated_failures', updated_at = ?
       WHERE id = ? AND status = 'enabled' AND consecutive_failures >= ?`,
    ).run(isoTimestamp(new Date(attemptedAtMs)), attempt.subscription_id, DISABLE_AFTER_EXHAUSTED);
  })();
  return recorded;
}
