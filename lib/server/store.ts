import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { secretBox } from "./webhooks/secret-box";

/**
 * The dashboard's own store: `<DATA_DIR>/dashboard.db` (SQLite, WAL). Everything the dashboard
 * keeps besides its cookies goes through this one module, so that another database can take
 * SQLite's place without touching its callers. Today: webhook receiver sinks (secrets
 * encrypted), the event inbox, and a bounded log of refused deliveries.
 *
 * No `server-only` import: the receiver benchmark (plain Node) opens the same file to create
 * its sink. Nothing here is reachable from a page.
 */

/** How long a rotated-out secret keeps verifying (issue 7: 24 hours). */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;
/** Refusals kept per sink: enough for the Inbox page, bounded against a flood. */
export const REJECTIONS_KEPT_PER_SINK = 200;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sinks (
  id TEXT PRIMARY KEY,
  owner_account_id TEXT NOT NULL,
  owner_label TEXT NOT NULL,
  subscription_id TEXT,
  secret BLOB NOT NULL,
  previous_secret BLOB,
  previous_valid_until TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sinks_owner ON sinks(owner_account_id);
CREATE TABLE IF NOT EXISTS inbox (
  event_id TEXT PRIMARY KEY,
  sink_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  body TEXT NOT NULL,
  received_at TEXT NOT NULL,
  verification TEXT NOT NULL CHECK (verification = 'verified'),
  state TEXT NOT NULL CHECK (state IN ('pending', 'processed', 'failed')),
  processed_at TEXT,
  error TEXT
);
CREATE INDEX IF NOT EXISTS inbox_pending ON inbox(state) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS inbox_sink ON inbox(sink_id, received_at);
CREATE TABLE IF NOT EXISTS rejections (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sink_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rejections_sink ON rejections(sink_id, id);
`;

export const sinkId = z.string().regex(/^snk_[A-Za-z0-9_-]{22}$/, "not a sink id");
/** A fresh sink id: the receiver URL can be given to the service before the sink is stored. */
export const newSinkId = () => `snk_${randomBytes(16).toString("base64url")}`;
const newSink = z.object({
  /** Chosen beforehand with newSinkId() when the URL had to exist first; else made here. */
  id: sinkId.optional(),
  ownerAccountId: z.string().min(1).max(200),
  ownerLabel: z.string().max(200),
  subscriptionId: z.string().min(1).max(200).nullable(),
  secret: z.string().min(8).max(512),
});
export type NewSink = z.infer<typeof newSink>;

export interface Sink {
  id: string;
  ownerAccountId: string;
  ownerLabel: string;
  subscriptionId: string | null;
  /** Until when a rotated-out secret still verifies; null when there is none. */
  previousValidUntil: string | null;
  createdAt: string;
}

export type InboxState = "pending" | "processed" | "failed";
export interface InboxEvent {
  eventId: string;
  sinkId: string;
  eventType: string;
  /** The raw body as received (verified JSON). */
  body: string;
  receivedAt: string;
  verification: "verified";
  state: InboxState;
  processedAt: string | null;
  error: string | null;
}
export type NewInboxEvent = Pick<InboxEvent, "eventId" | "sinkId" | "eventType" | "body" | "receivedAt">;
export type EventOutcome = { eventId: string } & (
  { state: "processed" } | { state: "failed"; error: string }
);

export interface Rejection {
  sinkId: string;
  reason: string;
  at: string;
}

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
}

export type DashboardStore = ReturnType<typeof openStore>;

export function openStore({ dataDir, sessionSecret }: StoreOptions) {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, "dashboard.db"));
  db.pragma("journal_mode = WAL");
  // NORMAL in WAL mode: a commit is in the WAL file before the receiver answers 2xx, so an
  // acknowledged event survives a crash of the dashboard's process (or its kill); the WAL is
  // fsynced at checkpoints, so a power cut may lose the last commits. FULL (an fsync per
  // commit) protects those too, but cost about 20 % of the receiver's throughput on the
  // bench machine even with grouped commits (bench:receiver: ~820–910/s against ~1,080/s).
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA);
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
    finish: db.prepare(
      "UPDATE inbox SET state = ?, processed_at = ?, error = ? WHERE event_id = ? AND state = 'pending'",
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

  const insertEvents = db.transaction((rows: NewInboxEvent[]) =>
    rows.map((r) =>
      q.insertEvent.run(r.eventId, r.sinkId, r.eventType, r.body, r.receivedAt).changes === 1
        ? ("inserted" as const)
        : ("duplicate" as const),
    ),
  );
  const finishEvents = db.transaction((outcomes: EventOutcome[], at: string) =>
    outcomes
      .filter(
        (o) => q.finish.run(o.state, at, o.state === "failed" ? o.error : null, o.eventId).changes === 1,
      )
      .map((o) => o.eventId),
  );
  const recordRejection = db.transaction((id: string, reason: string, at: string) => {
    q.reject.run(id, reason, at);
    q.pruneRejections.run({ sink: id });
  });

  return {
    createSink(input: NewSink, now = new Date()): Sink {
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
    findSink(id: string): Sink | null {
      const row = q.sink.get(id);
      return row ? sinkOf(row) : null;
    },
    listSinks(ownerAccountId: string): Sink[] {
      return q.sinksOf.all(ownerAccountId).map(sinkOf);
    },
    /**
     * The secrets that verify a delivery to the sink right now: the current one, then the
     * previous one while its 24 hours last. null for an unknown sink.
     */
    validSecrets(id: string, now = new Date()): string[] | null {
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
    /** The service issued a new secret: the old one keeps verifying for 24 hours. */
    rotateSinkSecret(id: string, newSecret: string, now = new Date()): boolean {
      const secret = newSink.shape.secret.parse(newSecret);
      const until = new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS).toISOString();
      return q.rotate.run(until, box.seal(secret, id), id).changes === 1;
    },
    setSinkSubscription(id: string, subscriptionId: string | null): boolean {
      return q.setSubscription.run(subscriptionId, id).changes === 1;
    },
    deleteSink(id: string): boolean {
      return q.deleteSink.run(id).changes === 1;
    },

    /** One transaction (one commit) for all: a repeated event id is reported, not stored. */
    insertEvents(rows: NewInboxEvent[]): ("inserted" | "duplicate")[] {
      return insertEvents(rows);
    },
    pendingEvents(limit: number): InboxEvent[] {
      return q.pending.all(limit).map(eventOf);
    },
    /** Marks events done; returns the ids this call moved out of `pending` (not another's). */
    finishEvents(outcomes: EventOutcome[], now = new Date()): string[] {
      return finishEvents(outcomes, now.toISOString());
    },
    findEvent(eventId: string): InboxEvent | null {
      const row = q.event.get(eventId);
      return row ? eventOf(row) : null;
    },
    /** The Inbox page: newest first, across the account's sinks. */
    listInbox(ownerAccountId: string, limit = 100): InboxEvent[] {
      return q.inboxOf.all(ownerAccountId, limit).map(eventOf);
    },

    recordRejection(id: string, reason: string, now = new Date()): void {
      recordRejection(id, reason, now.toISOString());
    },
    listRejections(ownerAccountId: string, limit = REJECTIONS_KEPT_PER_SINK): Rejection[] {
      return q.rejectionsOf.all(ownerAccountId, limit);
    },

    close(): void {
      db.close();
    },
  };
}
