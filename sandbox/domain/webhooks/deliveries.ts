import type { WebhookDelivery, WebhookEventType } from "../../../lib/svc/schemas/webhooks";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { PER_PAGE_DEFAULT } from "../../../lib/svc/schemas/common";
import type { AttemptRow } from "./retry";

type DeliveryRow = AttemptRow & { event_type: WebhookEventType };

/**
 * One attempt as GET /webhooks/{id}/deliveries shows it. A pending attempt has not been
 * made yet: its `attempted_at` is the time it is due (the contract requires a timestamp).
 */
export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    attempt: row.attempt,
    status: row.status,
    response_status: row.response_status,
    response_body: row.response_body,
    error: row.error,
    duration_ms: row.duration_ms === null ? null : Math.max(0, Math.round(row.duration_ms)),
    attempted_at: row.attempted_at ?? isoTimestamp(new Date(row.due_at_ms)),
    next_attempt_at: row.next_attempt_at,
  };
}

/** Every attempt of the subscription, newest first (by due time, then attempt number). */
export function listDeliveries(
  ctx: SandboxContext,
  subscriptionId: string,
  query: { page?: number; offset?: number; per_page?: number },
): { items: WebhookDelivery[]; total: number } {
  const perPage = query.per_page ?? PER_PAGE_DEFAULT;
  const start = query.offset ?? ((query.page ?? 1) - 1) * perPage;
  const total = (
    ctx.db
      .prepare(`SELECT COUNT(*) AS n FROM webhook_attempts WHERE subscription_id = ?`)
      .get(subscriptionId) as {
      n: number;
    }
  ).n;
  const rows = ctx.db
    .prepare(
      `SELECT a.*, e.event_type FROM webhook_attempts a JOIN webhook_events e ON e.id = a.event_id
       WHERE a.subscription_id = ?
       ORDER BY a.due_at_ms DESC, a.attempt DESC, a.rowid DESC
       LIMIT ? OFFSET ?`,
    )
    .all(subscriptionId, perPage, start) as DeliveryRow[];
  return { items: rows.map(toDelivery), total };
}
