import { MESSAGE_TYPES, type MessageType } from "@/lib/alerts/outgoing-webhook";
import type { Attempt, Endpoint, Message, MessageState } from "@/lib/server/delivery/webhook/webhook-store";

/** Rows as both stores read them back (text times on SQLite, Date on PostgreSQL). */
type Time = string | Date;
export interface EndpointRow {
  account_id: string;
  url: string;
  enabled: boolean | number;
  secret: Buffer;
  digest_time: string;
  time_zone: string;
  created_at: Time;
  updated_at: Time;
  secret_rotated_at: Time;
}
export interface MessageRow {
  id: string;
  account_id: string;
  type: string;
  body: string;
  created_at: Time;
  state: MessageState;
  next_attempt_at: Time | null;
  digest_date: string | null;
}
export interface AttemptRow {
  message_id: string;
  attempt: number;
  attempted_at: Time;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number;
}

const iso = (value: Time) => (value instanceof Date ? value.toISOString() : value);

export const endpointOf = (r: EndpointRow): Endpoint => ({
  accountId: r.account_id,
  url: r.url,
  enabled: Boolean(r.enabled),
  sealedSecret: Buffer.from(r.secret),
  digestTime: r.digest_time,
  timeZone: r.time_zone,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  secretRotatedAt: iso(r.secret_rotated_at),
});

const attemptOf = (r: AttemptRow): Attempt => ({
  attempt: r.attempt,
  attemptedAt: iso(r.attempted_at),
  responseStatus: r.response_status,
  responseBody: r.response_body,
  error: r.error,
  durationMs: r.duration_ms,
});

/** A type this version does not know (written by a newer one) reads as a test: never dropped. */
const typeOf = (type: string): MessageType =>
  (MESSAGE_TYPES as readonly string[]).includes(type) ? (type as MessageType) : "alert.test";

/** The messages with their attempts, in the rows' order, attempts oldest first. */
export function messagesOf(rows: readonly MessageRow[], attempts: readonly AttemptRow[]): Message[] {
  const byMessage = new Map<string, Attempt[]>();
  for (const a of [...attempts].sort((x, y) => x.attempt - y.attempt)) {
    const list = byMessage.get(a.message_id) ?? [];
    list.push(attemptOf(a));
    byMessage.set(a.message_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    type: typeOf(r.type),
    body: r.body,
    createdAt: iso(r.created_at),
    state: r.state,
    attempts: byMessage.get(r.id) ?? [],
    nextAttemptAt: r.next_attempt_at === null ? null : iso(r.next_attempt_at),
    digestDate: r.digest_date,
  }));
}
