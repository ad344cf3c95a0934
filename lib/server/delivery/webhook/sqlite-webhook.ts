import {
  MESSAGES_LISTED,
  newMessageId,
  type DueMessage,
  type Message,
  type WebhookOutStore,
} from "@/lib/server/delivery/webhook/webhook-store";
import {
  endpointOf,
  messagesOf,
  type AttemptRow,
  type EndpointRow,
  type MessageRow,
} from "@/lib/server/delivery/webhook/webhook-rows";
import { openDashboardFile } from "@/lib/server/sqlite-schema";

/**
 * The outgoing webhook on SQLite, in the dashboard's own file (`<DATA_DIR>/dashboard.db`), on
 * a connection of its own. Claims are made under the write lock (`BEGIN IMMEDIATE`), so two
 * processes on one file never lease the same attempt. The rules: `webhook-store.ts`.
 */
export function openSqliteWebhook(dataDir: string, fileName = "dashboard.db"): WebhookOutStore {
  const db = openDashboardFile(dataDir, fileName);
  const at = (d: Date) => d.toISOString();

  const q = {
    endpoint: db.prepare<[string], EndpointRow>("SELECT * FROM alert_webhook_endpoints WHERE account_id = ?"),
    enabled: db.prepare<[], EndpointRow>(
      "SELECT * FROM alert_webhook_endpoints WHERE enabled = 1 ORDER BY account_id",
    ),
    insertEndpoint: db.prepare(
      `INSERT INTO alert_webhook_endpoints
         (account_id, url, enabled, secret, digest_time, time_zone, created_at, updated_at, secret_rotated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateEndpoint: db.prepare(
      `UPDATE alert_webhook_endpoints SET url = ?, enabled = ?, digest_time = ?, time_zone = ?, updated_at = ?
       WHERE account_id = ?`,
    ),
    rotate: db.prepare(
      `UPDATE alert_webhook_endpoints SET secret = ?, secret_rotated_at = ?, updated_at = ? WHERE account_id = ?`,
    ),
    insertMessage: db.prepare(
      `INSERT INTO alert_webhook_messages (id, account_id, type, body, created_at, state, next_attempt_at, digest_date)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
    ),
    message: db.prepare<[string], MessageRow>("SELECT * FROM alert_webhook_messages WHERE id = ?"),
    claimed: db.prepare<[string, string], { n: number }>(
      "SELECT count(*) AS n FROM alert_webhook_digests WHERE account_id = ? AND local_date = ?",
    ),
    claimDigest: db.prepare(
      `INSERT INTO alert_webhook_digests (account_id, local_date, claimed_at) VALUES (?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    digestMessage: db.prepare(
      "UPDATE alert_webhook_digests SET message_id = ? WHERE account_id = ? AND local_date = ?",
    ),
    due: db.prepare<
      [string, string, string | null, string | null, number],
      MessageRow & { attempts: number; url: string; secret: Buffer }
    >(
      `SELECT m.*, e.url, e.secret FROM alert_webhook_messages m
       JOIN alert_webhook_endpoints e ON e.account_id = m.account_id AND e.enabled = 1
       WHERE m.state = 'pending' AND m.next_attempt_at <= ? AND (m.claimed_until IS NULL OR m.claimed_until <= ?)
         AND (? IS NULL OR m.id = ?)
       ORDER BY m.next_attempt_at, m.id LIMIT ?`,
    ),
    lease: db.prepare("UPDATE alert_webhook_messages SET claimed_until = ? WHERE id = ?"),
    insertAttempt: db.prepare(
      `INSERT INTO alert_webhook_attempts
         (message_id, attempt, attempted_at, response_status, response_body, error, duration_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    afterAttempt: db.prepare(
      `UPDATE alert_webhook_messages SET state = ?, attempts = ?, next_attempt_at = ?, claimed_until = NULL
       WHERE id = ?`,
    ),
    messages: db.prepare<[string, number], MessageRow>(
      `SELECT * FROM alert_webhook_messages WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
  };
  const readEndpoint = (accountId: string) => {
    const row = q.endpoint.get(accountId);
    return row ? endpointOf(row) : null;
  };
  const attemptsOf = (ids: readonly string[]) =>
    ids.length === 0
      ? []
      : db
          .prepare<string[], AttemptRow>(
            `SELECT * FROM alert_webhook_attempts WHERE message_id IN (${ids.map(() => "?").join(", ")})`,
          )
          .all(...ids);
  const readMessage = (id: string): Message => messagesOf([q.message.get(id)!], attemptsOf([id]))[0]!;
  const insertMessage = (
    accountId: string,
    type: string,
    body: string,
    now: Date,
    digestDate: string | null,
  ) => {
    const id = newMessageId();
    q.insertMessage.run(id, accountId, type, body, at(now), at(now), digestDate);
    return id;
  };

  return {
    async endpoint(accountId) {
      return readEndpoint(accountId);
    },
    async saveEndpoint(accountId, fields, sealedSecret, now = new Date()) {
      db.transaction(() => {
        const changed = q.updateEndpoint.run(
          fields.url,
          fields.enabled ? 1 : 0,
          fields.digestTime,
          fields.timeZone,
          at(now),
          accountId,
        );
        if (changed.changes === 0)
          q.insertEndpoint.run(
            accountId,
            fields.url,
            fields.enabled ? 1 : 0,
            sealedSecret(),
            fields.digestTime,
            fields.timeZone,
            at(now),
            at(now),
            at(now),
          );
      }).immediate();
      return readEndpoint(accountId)!;
    },
    async rotateSecret(accountId, sealedSecret, now = new Date()) {
      const changed = q.rotate.run(sealedSecret, at(now), at(now), accountId);
      return changed.changes === 0 ? null : readEndpoint(accountId);
    },
    async enabledEndpoints() {
      return q.enabled.all().map(endpointOf);
    },
    async addMessage(accountId, type, body, now = new Date()) {
      return readMessage(insertMessage(accountId, type, body, now, null));
    },
    async digestClaimed(accountId, date) {
      return q.claimed.get(accountId, date)!.n > 0;
    },
    async claimDigest(accountId, date, body, now = new Date()) {
      const id = db
        .transaction((): string | null | false => {
          if (q.claimDigest.run(accountId, date, at(now)).changes === 0) return false;
          if (body === null) return null;
          const messageId = insertMessage(accountId, "alerts.digest", body, now, date);
          q.digestMessage.run(messageId, accountId, date);
          return messageId;
        })
        .immediate();
      return typeof id === "string" ? readMessage(id) : id;
    },
    async claimDue(now, leaseMs, limit, messageId) {
      return db
        .transaction((): DueMessage[] => {
          const only = messageId ?? null;
          const rows = q.due.all(at(now), at(now), only, only, limit);
          const until = at(new Date(now.getTime() + leaseMs));
          return rows.map((r) => {
            q.lease.run(until, r.id);
            return {
              id: r.id,
              accountId: r.account_id,
              body: r.body,
              attempt: r.attempts + 1,
              url: r.url,
              sealedSecret: Buffer.from(r.secret),
            };
          });
        })
        .immediate();
    },
    async recordAttempt(messageId, result) {
      db.transaction(() => {
        q.insertAttempt.run(
          messageId,
          result.attempt,
          result.attemptedAt,
          result.responseStatus,
          result.responseBody,
          result.error,
          result.durationMs,
        );
        q.afterAttempt.run(
          result.state,
          result.attempt,
          result.nextAttemptAt ? at(result.nextAttemptAt) : null,
          messageId,
        );
      }).immediate();
    },
    async listMessages(accountId, limit = MESSAGES_LISTED) {
      const rows = q.messages.all(accountId, limit);
      return messagesOf(rows, attemptsOf(rows.map((r) => r.id)));
    },
    async close() {
      db.close();
    },
  };
}
