import type { MessageView } from "@/lib/alerts/outgoing-webhook-queries";
import type { DeliveryRow } from "@/components/webhooks/deliveries-table";

/**
 * A message's attempts as the deliveries table shows the service's, newest first: each attempt
 * made, and the next one while it waits (by its due time).
 */
export function rowsOf(message: MessageView): DeliveryRow[] {
  const made = message.attempts.map((a, i): DeliveryRow => ({
    id: `${message.id}:${a.attempt}`,
    event_id: message.id,
    event_type: message.type,
    attempt: a.attempt,
    status:
      a.response_status !== null && a.response_status >= 200 && a.response_status < 300
        ? "succeeded"
        : "failed",
    response_status: a.response_status,
    response_body: a.response_body,
    error: a.error,
    duration_ms: a.duration_ms,
    attempted_at: a.attempted_at,
    next_attempt_at: i === message.attempts.length - 1 ? message.next_attempt_at : null,
  }));
  const waiting: DeliveryRow[] =
    message.state === "pending" && message.next_attempt_at
      ? [
          {
            id: `${message.id}:next`,
            event_id: message.id,
            event_type: message.type,
            attempt: message.attempts.length + 1,
            status: "pending",
            response_status: null,
            response_body: null,
            error: null,
            duration_ms: null,
            attempted_at: message.next_attempt_at,
            next_attempt_at: null,
          },
        ]
      : [];
  return [...waiting, ...made.reverse()];
}
