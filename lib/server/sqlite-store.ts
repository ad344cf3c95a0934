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
  type InboxState,
  type NewInboxEvent,
  type NewSink,
  type Rejection,
  type SessionRef,
  type Sink,
} from "@/lib/server/dashboard-store";
import { openDashboardFile, TABLES } from "@/lib/server/sqlite-schema";
import { secretBox } from "@/lib/server/webhooks/secret-box";

/**
 * The dashboard's store on SQLite: `<DATA_DIR>/dashboard.db` (WAL), one file beside the
 * session secret, so the dashboard runs with no database server to set up. The interface and
 * its rules: `dashboard-store.ts`.
 *
 * better-sqlite3 is synchronous: each method does its work at once and answers a settled
 * Promise, so the interface's ordering holds (an insert is committed when its Promise settles).
 *
 * No `server-only` import: the receiver benchmark (plain Node) opens the same file to create
 * its sink. Nothing here is reachable from a page.
 */

type SinkRow = {
  id: string;
  owner_account_id: string;
  owner_label: string;
  subscription_id: string | null;
  secret: Buffer;
  previous_secret: Buffer | null;
  previous_valid_until: string | null;
  created_at: string;
};
type InboxRow = {
  event_id: string;
  sink_id: string;
  event_type: string;
  body: string;
  received_at: string;
  verification: "verified";
  state: InboxState;
  processed_at: string | null;
  error: string | null;
};

const sinkOf = (r: SinkRow): Sink => ({
  id: r.id,
  ownerAccountId: r.owner_account_id,
  ownerLabel: r.owner_label,
  subscriptionId: r.subscription_id,
  previousValidUntil: r.previous_valid_until,
  createdAt: r.created_at,
});
const eventOf = (r: InboxRow): InboxEvent => ({
  eventId: r.event_id,
  sinkId: r.sink_id,
  eventType: r.event_type,
  body: r.body,
  receivedAt: r.received_at,
  verification: r.verification,
  state: r.state,
  processedAt: r.processed_at,
  error: r.error,
});

export interface StoreOptions {
  dataDir: string;
  /** The key of the secrets at rest is derived from it (HKDF). */
  sessionSecret: string;
  /** How long a claim on a pending event lasts; CLAIM_LEASE_MS unless the operator chose. */
  claimLeaseMs?: number;
}

export function openStore({
  dataDir,
  sessionSecret,
  claimLeaseMs = CLAIM_LEASE_MS,
}: StoreOptions): DashboardStore {
  const db = openDashboardFile(dataDir);
  const box = secretBox(sessionSecret);

  const q = {
    insertSink: db.prepare(
      `INSERT INTO sinks (id, owner_account_id, owner_label, subscription_id, secret, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    sink: db.prepare<[string], SinkRow>("SELECT * FROM sinks WHERE id = ?"),
    sinksOf: db.prepare<[string], SinkRow>(
      "SELECT * FROM sinks WHERE owner_account_id = ? ORDER BY created_at",
    ),
    rotate: db.prepare(
      "UPDATE sinks SET previous_secret = secret, previous_valid_until = ?, secret = ? WHERE id = ?",
    ),
    setSubscription: db.prepare("UPDATE sinks SET subscription_id = ? WHERE id = ?"),
    deleteSink: db.prepare("DELETE FROM sinks WHERE id = ?"),
    insertEvent: db.prepare(
      `INSERT INTO inbox (event_id, sink_id, event_type, body, received_at, verification, state)
       VALUES (?, ?, ?, ?, ?, 'verified', 'pending') ON CONFLICT (event_id) DO NOTHING`,
    ),
    pending: db.prepare<[number], InboxRow>(
      "SELECT * FROM inbox WHERE state = 'pending' ORDER BY rowid LIMIT ?",
    ),
    claimable: db.prepare<[number, number], InboxRow>(
      `SELECT * FROM inbox WHERE state = 'pending' AND (claimed_until_ms IS NULL OR claimed_until_ms <= ?)
       ORDER BY rowid LIMIT ?`,
    ),
    lease: db.prepare("UPDATE inbox SET claimed_until_ms = ? WHERE event_id = ?"),
    finish: db.prepare(
      `UPDATE inbox SET state = ?, processed_at = ?, error = ?, claimed_until_ms = NULL
       WHERE event_id = ? AND state = 'pending'`,
    ),
    event: db.prepare<[string], InboxRow>("SELECT * FROM inbox WHERE event_id = ?"),
    inboxOf: db.prepare<[string, number], InboxRow>(
      `SELECT inbox.* FROM inbox JOIN sinks ON sinks.id = inbox.sink_id
       WHERE sinks.owner_account_id = ? ORDER BY inbox.received_at DESC, inbox.rowid DESC LIMIT ?`,
    ),
    reject: db.prepare("INSERT INTO rejections (sink_id, reason, at) VALUES (?, ?, ?)"),
    // Keeps the newest REJECTIONS_KEPT_PER_SINK rows of the sink: one range delete per insert.
    pruneRejections: db.prepare(
      `DELETE FROM rejections WHERE sink_id = @sink AND id <= (
         SELECT id FROM rejections WHERE sink_id = @sink ORDER BY id DESC LIMIT 1 OFFSET ${REJECTIONS_KEPT_PER_SINK})`,
    ),
    rejectionsOf: db.prepare<[string, number], Rejection>(
      `SELECT r.sink_id AS sinkId, r.reason, r.at FROM rejections r JOIN sinks ON sinks.id = r.sink_id
       WHERE sinks.owner_account_id = ? ORDER BY r.id DESC LIMIT ?`,
    ),
  };

  const ended = {
    // "session:<id>" or "key:<token id>"; a repeat keeps the later times.
    upsert: db.prepare(
      `INSERT INTO ended_sessions (subject, until_ms, ended_at_ms) VALUES (?, ?, ?)
       ON CONFLICT (subject) DO UPDATE SET until_ms = MAX(until_ms, excluded.until_ms),
         ended_at_ms = MAX(ended_at_ms, excluded.ended_at_ms)`,
    ),
    prune: db.prepare("DELETE FROM ended_sessions WHERE until_ms <= ?"),
    // The session itself, or its key revoked at or after the session was signed in.
    find: db.prepare<{ session: string; key: string; signedInAt: number; now: number }, { n: number }>(
      `SELECT COUNT(*) AS n FROM ended_sessions WHERE until_ms > @now
         AND (subject = @session OR (subject = @key AND ended_at_ms >= @signedInAt))`,
    ),
  };
  const endSubject = db.transaction((subject: string, until: number, now: number) => {
    ended.prune.run(now);
    if (until > now) ended.upsert.run(subject, until, now);
  });

  const insertEvents = db.transaction((rows: NewInboxEvent[]) =>
    rows.map((r) =>
      q.insertEvent.run(r.eventId, r.sinkId, r.eventType, r.body, r.receivedAt).changes === 1
        ? ("inserted" as const)
        : ("duplicate" as const),
    ),
  );
  // Run with .immediate(): the write lock is taken before the read, so a process sharing the
  // file cannot read the same events between this read and the lease.
  const claimEvents = db.transaction((limit: number, now: number) => {
    const rows = q.claimable.all(now, limit);
    for (const row of rows) q.lease.run(now + claimLeaseMs, row.event_id);
    return rows;
  });
  const finishEvents = db.transaction((outcomes: EventOutcome[], at: string) =>
    outcomes
      .filter((o) => q.finish.run(o.state, at, "error" in o ? o.error : null, o.eventId).changes === 1)
      .map((o) => o.eventId),
  );
  const recordRejection = db.transaction((id: string, reason: string, at: string) => {
    q.reject.run(id, reason, at);
    q.pruneRejections.run({ sink: id });
  });

  return {
    async createSink(input: NewSink, now = new Date()): Promise<Sink> {
      const s = newSink.parse(input);
      const id = s.id ?? newSinkId();
      q.insertSink.run(
        id,
        s.ownerAccountId,
        s.ownerLabel,
        s.subscriptionId,
        box.seal(s.secret, id),
        now.toISOString(),
      );
      return sinkOf(q.sink.get(id)!);
    },
    async findSink(id: string): Promise<Sink | null> {
      const row = q.sink.get(id);
      return row ? sinkOf(row) : null;
    },
    async listSinks(ownerAccountId: string): Promise<Sink[]> {
      return q.sinksOf.all(ownerAccountId).map(sinkOf);
    },
    async validSecrets(id: string, now = new Date()): Promise<string[] | null> {
      const row = q.sink.get(id);
      if (!row) return null;
      const secrets = [box.open(row.secret, id)];
      if (
        row.previous_secret &&
        row.previous_valid_until &&
        Date.parse(row.previous_valid_until) > now.getTime()
      ) {
        secrets.push(box.open(row.previous_secret, id));
      }
      return secrets;
    },
    async rotateSinkSecret(id: string, newSecret: string, now = new Date()): Promise<boolean> {
      const secret = newSink.shape.secret.parse(newSecret);
      const until = new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS).toISOString();
      return q.rotate.run(until, box.seal(secret, id), id).changes === 1;
    },
    async setSinkSubscription(id: string, subscriptionId: string | null): Promise<boolean> {
      return q.setSubscription.run(subscriptionId, id).changes === 1;
    },
    async deleteSink(id: string): Promise<boolean> {
      return q.deleteSink.run(id).changes === 1;
    },

    async insertEvents(rows: NewInboxEvent[]): Promise<("inserted" | "duplicate")[]> {
      return insertEvents(rows);
    },
    async pendingEvents(limit: number): Promise<InboxEvent[]> {
      return q.pending.all(limit).map(eventOf);
    },
    async claimEvents(limit: number, now = new Date()): Promise<InboxEvent[]> {
      return claimEvents.immediate(limit, now.getTime()).map(eventOf);
    },
    async finishEvents(outcomes: EventOutcome[], now = new Date()): Promise<string[]> {
      return finishEvents(outcomes, now.toISOString());
    },
    async findEvent(eventId: string): Promise<InboxEvent | null> {
      const row = q.event.get(eventId);
      return row ? eventOf(row) : null;
    },
    async listInbox(ownerAccountId: string, limit = 100): Promise<InboxEvent[]> {
      return q.inboxOf.all(ownerAccountId, limit).map(eventOf);
    },

    async recordRejection(id: string, reason: string, now = new Date()): Promise<void> {
      recordRejection(id, reason, now.toISOString());
    },
    async listRejections(ownerAccountId: string, limit = REJECTIONS_KEPT_PER_SINK): Promise<Rejection[]> {
      return q.rejectionsOf.all(ownerAccountId, limit);
    },

    async endSession(sessionId: string, until: Date, now = new Date()): Promise<void> {
      endSubject(`session:${sessionIdSchema.parse(sessionId)}`, until.getTime(), now.getTime());
    },
    async endKeySessions(keyId: string, until: Date, now = new Date()): Promise<void> {
      endSubject(`key:${serviceKeyId.parse(keyId)}`, until.getTime(), now.getTime());
    },
    async isSessionEnded({ sessionId, keyId, signedInAt }: SessionRef, now = new Date()): Promise<boolean> {
      // "key:" never matches a real subject when the session's key id is unknown.
      const found = ended.find.get({
        session: `session:${sessionId}`,
        key: `key:${keyId ?? ""}`,
        signedInAt,
        now: now.getTime(),
      });
      return found!.n > 0;
    },

    async schemaReady(): Promise<boolean> {
      const found = db
        .prepare<string[], { n: number }>(
          `SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN (${TABLES.map(() => "?").join(", ")})`,
        )
        .get(...TABLES);
      return found!.n === TABLES.length;
    },

    async close(): Promise<void> {
      db.close();
    },
  };
}
