import pg, { type Pool } from "pg";
import {
  MESSAGES_LISTED,
  newMessageId,
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
import { migrate } from "@/lib/server/postgres-schema";
import { inTransaction, retryingStaleConnections } from "@/lib/server/postgres-support";

/**
 * The outgoing webhook on PostgreSQL, the database every instance shares (migration 9), on a
 * small pool of its own. A due attempt is leased under `FOR UPDATE SKIP LOCKED`: instances
 * ticking at once each take other messages, never the same one. The rules: `webhook-store.ts`.
 */
export async function openPostgresWebhook(options: {
  url: string;
  poolSize: number;
}): Promise<WebhookOutStore> {
  const pool = retryingStaleConnections(
    new pg.Pool({ connectionString: options.url, max: options.poolSize, idleTimeoutMillis: 30_000 }),
  );
  pool.on("error", (error) =>
    console.error("An idle PostgreSQL connection of the outgoing webhook failed:", error.message),
  );
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return postgresWebhook(pool);
}

function postgresWebhook(pool: Pool): WebhookOutStore {
  const readEndpoint = async (accountId: string) => {
    const { rows } = await pool.query<EndpointRow>(
      "SELECT * FROM alert_webhook_endpoints WHERE account_id = $1",
      [accountId],
    );
    return rows[0] ? endpointOf(rows[0]) : null;
  };
  const withAttempts = async (rows: MessageRow[]): Promise<Message[]> => {
    if (rows.length === 0) return [];
    const attempts = await pool.query<AttemptRow>(
      "SELECT * FROM alert_webhook_attempts WHERE message_id = ANY($1::text[])",
      [rows.map((r) => r.id)],
    );
    return messagesOf(rows, attempts.rows);
  };
  const INSERT_MESSAGE = `INSERT INTO alert_webhook_messages
      (id, account_id, type, body, created_at, state, next_attempt_at, digest_date)
    VALUES ($1, $2, $3, $4, $5, 'pending', $5, $6) RETURNING *`;

  return {
    endpoint: readEndpoint,
    async saveEndpoint(accountId, fields, sealedSecret, now = new Date()) {
      const { rows } = await pool.query<EndpointRow>(
        `INSERT INTO alert_webhook_endpoints
           (account_id, url, enabled, secret, digest_time, time_zone, created_at, updated_at, secret_rotated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $7)
         ON CONFLICT (account_id) DO UPDATE SET url = EXCLUDED.url, enabled = EXCLUDED.enabled,
           digest_time = EXCLUDED.digest_time, time_zone = EXCLUDED.time_zone, updated_at = EXCLUDED.updated_at
         RETURNING *`,
        [accountId, fields.url, fields.enabled, sealedSecret(), fields.digestTime, fields.timeZone, now],
      );
      return endpointOf(rows[0]!);
    },
    async rotateSecret(accountId, sealedSecret, now = new Date()) {
      const { rows } = await pool.query<EndpointRow>(
        `UPDATE alert_webhook_endpoints SET secret = $2, secret_rotated_at = $3, updated_at = $3
         WHERE account_id = $1 RETURNING *`,
        [accountId, sealedSecret, now],
      );
      return rows[0] ? endpointOf(rows[0]) : null;
    },
    async enabledEndpoints() {
      const { rows } = await pool.query<EndpointRow>(
        "SELECT * FROM alert_webhook_endpoints WHERE enabled ORDER BY account_id",
      );
      return rows.map(endpointOf);
    },
    async addMessage(accountId, type, body, now = new Date()) {
      const { rows } = await pool.query<MessageRow>(INSERT_MESSAGE, [
        newMessageId(),
        accountId,
        type,
        body,
        now,
        null,
      ]);
      return (await withAttempts(rows))[0]!;
    },
    async digestClaimed(accountId, date) {
      const { rowCount } = await pool.query(
        "SELECT 1 FROM alert_webhook_digests WHERE account_id = $1 AND local_date = $2",
        [accountId, date],
      );
      return (rowCount ?? 0) > 0;
    },
    async claimDigest(accountId, date, body, now = new Date()) {
      const row = await inTransaction(pool, async (client): Promise<MessageRow | null | false> => {
        const claim = await client.query(
          `INSERT INTO alert_webhook_digests (account_id, local_date, claimed_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [accountId, date, now],
        );
        if ((claim.rowCount ?? 0) === 0) return false;
        if (body === null) return null;
        const { rows } = await client.query<MessageRow>(INSERT_MESSAGE, [
          newMessageId(),
          accountId,
          "alerts.digest",
          body,
          now,
          date,
        ]);
        await client.query(
          "UPDATE alert_webhook_digests SET message_id = $3 WHERE account_id = $1 AND local_date = $2",
          [accountId, date, rows[0]!.id],
        );
        return rows[0]!;
      });
      return row ? (await withAttempts([row]))[0]! : row;
    },
    async claimDue(now, leaseMs, limit, messageId) {
      const { rows } = await pool.query<MessageRow & { attempts: number; url: string; secret: Buffer }>(
        `WITH due AS (
           SELECT m.id FROM alert_webhook_messages m
           JOIN alert_webhook_endpoints e ON e.account_id = m.account_id AND e.enabled
           WHERE m.state = 'pending' AND m.next_attempt_at <= $1
             AND (m.claimed_until IS NULL OR m.claimed_until <= $1)
             AND ($4::text IS NULL OR m.id = $4)
           ORDER BY m.next_attempt_at, m.id LIMIT $3
           FOR UPDATE OF m SKIP LOCKED
         )
         UPDATE alert_webhook_messages m SET claimed_until = $2
         FROM due, alert_webhook_endpoints e
         WHERE m.id = due.id AND e.account_id = m.account_id
         RETURNING m.*, e.url, e.secret`,
        [now, new Date(now.getTime() + leaseMs), limit, messageId ?? null],
      );
      return rows.map((r) => ({
        id: r.id,
        accountId: r.account_id,
        body: r.body,
        attempt: r.attempts + 1,
        url: r.url,
        sealedSecret: Buffer.from(r.secret),
      }));
    },
    async recordAttempt(messageId, result) {
      await inTransaction(pool, async (client) => {
        await client.query(
          `INSERT INTO alert_webhook_attempts
             (message_id, attempt, attempted_at, response_status, response_body, error, duration_ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            messageId,
            result.attempt,
            result.attemptedAt,
            result.responseStatus,
            result.responseBody,
            result.error,
            result.durationMs,
          ],
        );
        await client.query(
          `UPDATE alert_webhook_messages SET state = $2, attempts = $3, next_attempt_at = $4, claimed_until = NULL
           WHERE id = $1`,
          [messageId, result.state, result.attempt, result.nextAttemptAt],
        );
      });
    },
    async listMessages(accountId, limit = MESSAGES_LISTED) {
      const { rows } = await pool.query<MessageRow>(
        `SELECT * FROM alert_webhook_messages WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [accountId, limit],
      );
      return withAttempts(rows);
    },
    async close() {
      await pool.end();
    },
  };
}
