import pg, { type Pool } from "pg";
import {
  CLAIM_LEASE_MS,
  newSink,
  newSinkId,
  PREVIOUS_SECRET_VALID_MS,
  REJECTIONS_KEPT_PER_SINK,
  serviceKeyId,
  sessionId as sessionIdSchema,
  type DashboardStore,
  type EventOutcome,
  type InboxEvent,
  type NewInboxEvent,
  type NewSink,
  type Rejection,
  type SessionRef,
  type Sink,
} from "@/lib/server/dashboard-store";
import { migrate, schemaInPlace } from "@/lib/server/postgres-schema";
import {
  eventOf,
  firstOf,
  inTransaction,
  retryDeadlock,
  retryingStaleConnections,
  sinkOf,
  type InboxRow,
  type SinkRow,
} from "@/lib/server/postgres-support";
import { secretBox } from "@/lib/server/webhooks/secret-box";

/**
 * The dashboard's store on PostgreSQL, for several instances serving one team. The
 * interface and its rules: `dashboard-store.ts`; the schema and its migrations:
 * `postgres-schema.ts`. What makes it safe across instances:
 * - receipt: `event_id` is the primary key and inserts are `ON CONFLICT DO NOTHING`, so the
 *   same delivery reaching two instances at once is stored once and both answer 2xx;
 * - processing: `claimEvents` leases pending events with `FOR UPDATE SKIP LOCKED`, so two
 *   instances never take the same event, and `finishEvents` moves only events still pending.
 *
 * No `server-only` import, as with the SQLite store: tests and scripts open it from plain Node.
 */

export interface PostgresStoreOptions {
  url: string;
  poolSize: number;
  /** The key of the secrets at rest is derived from it (HKDF), as in SQLite. */
  sessionSecret: string;
  /** How long opening a connection may take before it fails. */
  connectTimeoutMs?: number;
  /** How long a claim on a pending event lasts; CLAIM_LEASE_MS unless the operator chose. */
  claimLeaseMs?: number;
}

/** A pool on the database; its migrations are applied (once, under the lock) before it answers. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<DashboardStore> {
  const pool = retryingStaleConnections(
    new pg.Pool({
      connectionString: options.url,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    }),
  );
  // An idle connection dropped by the server (a restart, a failover) is reported here; left
  // unhandled it would end the process. The next query opens a new one.
  pool.on("error", (error) => console.error("An idle PostgreSQL connection failed:", error.message));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return postgresStore(pool, options.sessionSecret, options.claimLeaseMs ?? CLAIM_LEASE_MS);
}

function postgresStore(pool: Pool, sessionSecret: string, claimLeaseMs: number): DashboardStore {
  const box = secretBox(sessionSecret);
  let closed = false;
  const sinkRow = async (id: string) =>
    (await pool.query<SinkRow>("SELECT * FROM sinks WHERE id = $1", [id])).rows[0] ?? null;

  const endSubject = (subject: string, until: number, now: number) =>
    inTransaction(pool, async (client) => {
      await client.query("DELETE FROM ended_sessions WHERE until_ms <= $1", [now]);
      if (until <= now) return;
      // "session:<id>" or "key:<token id>"; a repeat keeps the later times.
      await client.query(
        `INSERT INTO ended_sessions (subject, until_ms, ended_at_ms) VALUES ($1, $2, $3)
         ON CONFLICT (subject) DO UPDATE
           SET until_ms = GREATEST(ended_sessions.until_ms, excluded.until_ms),
               ended_at_ms = GREATEST(ended_sessions.ended_at_ms, excluded.ended_at_ms)`,
        [subject, until, now],
      );
    });

  return {
    async createSink(input: NewSink, now = new Date()): Promise<Sink> {
      const s = newSink.parse(input);
      const id = s.id ?? newSinkId();
      const { rows } = await pool.query<SinkRow>(
        `INSERT INTO sinks (id, owner_account_id, owner_label, subscription_id, secret, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [id, s.ownerAccountId, s.ownerLabel, s.subscriptionId, box.seal(s.secret, id), now],
      );
      return sinkOf(rows[0]!);
    },
    async findSink(id: string): Promise<Sink | null> {
      const row = await sinkRow(id);
      return row ? sinkOf(row) : null;
    },
    async listSinks(ownerAccountId: string): Promise<Sink[]> {
      const { rows } = await pool.query<SinkRow>(
        "SELECT * FROM sinks WHERE owner_account_id = $1 ORDER BY created_at",
        [ownerAccountId],
      );
      return rows.map(sinkOf);
    },
    async validSecrets(id: string, now = new Date()): Promise<string[] | null> {
      const row = await sinkRow(id);
      if (!row) return null;
      const secrets = [box.open(row.secret, id)];
      if (row.previous_secret && row.previous_valid_until && row.previous_valid_until > now) {
        secrets.push(box.open(row.previous_secret, id));
      }
      return secrets;
    },
    async rotateSinkSecret(id: string, newSecret: string, now = new Date()): Promise<boolean> {
      const secret = newSink.shape.secret.parse(newSecret);
      const until = new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS);
      const { rowCount } = await pool.query(
        "UPDATE sinks SET previous_secret = secret, previous_valid_until = $1, secret = $2 WHERE id = $3",
        [until, box.seal(secret, id), id],
      );
      return rowCount === 1;
    },
    async setSinkSubscription(id: string, subscriptionId: string | null): Promise<boolean> {
      const { rowCount } = await pool.query("UPDATE sinks SET subscription_id = $1 WHERE id = $2", [
        subscriptionId,
        id,
      ]);
      return rowCount === 1;
    },
    async deleteSink(id: string): Promise<boolean> {
      return (await pool.query("DELETE FROM sinks WHERE id = $1", [id])).rowCount === 1;
    },

    async insertEvents(rows: NewInboxEvent[]): Promise<("inserted" | "duplicate")[]> {
      if (rows.length === 0) return [];
      // One statement, so one commit: a repeat inside the call is dropped here (the first
      // wins), a repeat of a stored id (or of one another instance is storing right now: the
      // unique key makes this statement wait for it) by ON CONFLICT.
      const once = firstOf(rows, (r) => r.eventId);
      const insert = () =>
        pool.query<{ event_id: string }>(
          `INSERT INTO inbox (event_id, sink_id, event_type, body, received_at, verification, state)
         SELECT event_id, sink_id, event_type, body, received_at, 'verified', 'pending'
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY
             AS r (event_id, sink_id, event_type, body, received_at, ord)
          ORDER BY ord
         ON CONFLICT (event_id) DO NOTHING
         RETURNING event_id`,
          [
            once.map((r) => r.eventId),
            once.map((r) => r.sinkId),
            once.map((r) => r.eventType),
            once.map((r) => r.body),
            once.map((r) => r.receivedAt),
          ],
        );
      const { rows: inserted } = await retryDeadlock(insert);
      const stored = new Set(inserted.map((r) => r.event_id));
      return rows.map((r) => (stored.delete(r.eventId) ? "inserted" : "duplicate"));
    },
    async pendingEvents(limit: number): Promise<InboxEvent[]> {
      const { rows } = await pool.query<InboxRow>(
        "SELECT * FROM inbox WHERE state = 'pending' ORDER BY seq LIMIT $1",
        [limit],
      );
      return rows.map(eventOf);
    },
    async claimEvents(limit: number, now = new Date()): Promise<InboxEvent[]> {
      // SKIP LOCKED: rows another instance is claiming right now are passed over, not waited
      // for; a row it has just claimed fails the lease test when re-checked under the lock.
      const { rows } = await pool.query<InboxRow>(
        `WITH claimed AS (
           UPDATE inbox SET claimed_until = $2
            WHERE event_id IN (
              SELECT event_id FROM inbox
               WHERE state = 'pending' AND (claimed_until IS NULL OR claimed_until <= $1)
               ORDER BY seq LIMIT $3
               FOR UPDATE SKIP LOCKED)
           RETURNING *)
         SELECT * FROM claimed ORDER BY seq`,
        [now, new Date(now.getTime() + claimLeaseMs), limit],
      );
      return rows.map(eventOf);
    },
    async finishEvents(outcomes: EventOutcome[], now = new Date()): Promise<string[]> {
      if (outcomes.length === 0) return [];
      const once = firstOf(outcomes, (o) => o.eventId);
      // Conditional on `pending`: of two instances finishing one event, one moves it.
      const { rows } = await pool.query<{ event_id: string }>(
        `UPDATE inbox AS i SET state = o.state, processed_at = $1, error = o.error, claimed_until = NULL
           FROM unnest($2::text[], $3::text[], $4::text[]) AS o (event_id, state, error)
          WHERE i.event_id = o.event_id AND i.state = 'pending'
         RETURNING i.event_id`,
        [
          now,
          once.map((o) => o.eventId),
          once.map((o) => o.state),
          once.map((o) => ("error" in o ? o.error : null)),
        ],
      );
      const moved = new Set(rows.map((r) => r.event_id));
      return once.filter((o) => moved.has(o.eventId)).map((o) => o.eventId);
    },
    async findEvent(eventId: string): Promise<InboxEvent | null> {
      const { rows } = await pool.query<InboxRow>("SELECT * FROM inbox WHERE event_id = $1", [eventId]);
      return rows[0] ? eventOf(rows[0]) : null;
    },
    async listInbox(ownerAccountId: string, limit = 100): Promise<InboxEvent[]> {
      const { rows } = await pool.query<InboxRow>(
        `SELECT inbox.* FROM inbox JOIN sinks ON sinks.id = inbox.sink_id
          WHERE sinks.owner_account_id = $1 ORDER BY inbox.received_at DESC, inbox.seq DESC LIMIT $2`,
        [ownerAccountId, limit],
      );
      return rows.map(eventOf);
    },

    async recordRejection(id: string, reason: string, now = new Date()): Promise<void> {
      // One statement: the DELETE does not see the row its own INSERT adds, so it keeps the
      // newest KEPT - 1 older rows, and the new one makes KEPT.
      await pool.query(
        `WITH added AS (INSERT INTO rejections (sink_id, reason, at) VALUES ($1, $2, $3))
         DELETE FROM rejections WHERE sink_id = $1 AND id <= (
           SELECT id FROM rejections WHERE sink_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $4)`,
        [id, reason, now, REJECTIONS_KEPT_PER_SINK - 1],
      );
    },
    async listRejections(ownerAccountId: string, limit = REJECTIONS_KEPT_PER_SINK): Promise<Rejection[]> {
      const { rows } = await pool.query<{ sink_id: string; reason: string; at: Date }>(
        `SELECT r.sink_id, r.reason, r.at FROM rejections r JOIN sinks ON sinks.id = r.sink_id
          WHERE sinks.owner_account_id = $1 ORDER BY r.id DESC LIMIT $2`,
        [ownerAccountId, limit],
      );
      return rows.map((r) => ({ sinkId: r.sink_id, reason: r.reason, at: r.at.toISOString() }));
    },

    async endSession(sessionId: string, until: Date, now = new Date()): Promise<void> {
      await endSubject(`session:${sessionIdSchema.parse(sessionId)}`, until.getTime(), now.getTime());
    },
    async endKeySessions(keyId: string, until: Date, now = new Date()): Promise<void> {
      await endSubject(`key:${serviceKeyId.parse(keyId)}`, until.getTime(), now.getTime());
    },
    async isSessionEnded({ sessionId, keyId, signedInAt }: SessionRef, now = new Date()): Promise<boolean> {
      // "key:" never matches a real subject when the session's key id is unknown.
      const { rows } = await pool.query<{ ended: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ended_sessions WHERE until_ms > $1
           AND (subject = $2 OR (subject = $3 AND ended_at_ms >= $4))) AS ended`,
        [now.getTime(), `session:${sessionId}`, `key:${keyId ?? ""}`, signedInAt],
      );
      return rows[0]!.ended;
    },

    schemaReady(): Promise<boolean> {
      return schemaInPlace(pool);
    },

    async close(): Promise<void> {
      // pg refuses a second end(); closing twice (shutdown after a test's own close) is harmless.
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
