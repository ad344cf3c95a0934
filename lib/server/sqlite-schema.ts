import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { SQLITE_DELIVERY_TABLES } from "@/lib/server/delivery/delivery-schema";
import { WEBHOOK_OUT_TABLES } from "@/lib/server/delivery/webhook/sqlite-webhook-schema";

/**
 * The SQLite store's schema (sqlite-store.ts). Made with `IF NOT EXISTS` at every open, so a
 * new file gets it whole; a file from an older dashboard gets what was added since (the lease
 * column of claims, the ignored states) by the steps below.
 */

const INBOX_COLUMNS = `(
  event_id TEXT PRIMARY KEY,
  sink_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  body TEXT NOT NULL,
  received_at TEXT NOT NULL,
  verification TEXT NOT NULL CHECK (verification = 'verified'),
  state TEXT NOT NULL CHECK (state IN ('pending', 'processed', 'failed', 'ignored_unknown_type', 'ignored_unreadable')),
  processed_at TEXT,
  error TEXT,
  claimed_until_ms INTEGER
)`;
const INBOX_INDEXES = `
CREATE INDEX IF NOT EXISTS inbox_pending ON inbox(state) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS inbox_sink ON inbox(sink_id, received_at);`;

/**
 * Alert rules and the alerts they fired (lib/server/alerts): here, not in the mirror's file,
 * which is emptied and remade when its schema changes. One standing alert per rule, listing
 * and period (`period` is '' for none): the partial unique index is what makes it fire once
 * until it clears, whoever evaluates.
 */
const ALERT_TABLES = `
CREATE TABLE IF NOT EXISTS alert_rules (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  scope TEXT NOT NULL,
  params TEXT NOT NULL,
  delivery TEXT NOT NULL,
  paused INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS alert_rules_account ON alert_rules(account_id, created_at);
CREATE TABLE IF NOT EXISTS alerts (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  rule_id TEXT NOT NULL,
  listing_id TEXT NOT NULL,
  period TEXT NOT NULL DEFAULT '',
  fired_at TEXT NOT NULL,
  measured TEXT NOT NULL,
  against TEXT NOT NULL,
  why TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('open', 'snoozed', 'resolved')),
  snoozed_until TEXT,
  cleared_at TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS alerts_standing ON alerts(rule_id, listing_id, period) WHERE cleared_at IS NULL;
CREATE INDEX IF NOT EXISTS alerts_account ON alerts(account_id, state, fired_at);
`;

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
CREATE TABLE IF NOT EXISTS inbox ${INBOX_COLUMNS};${INBOX_INDEXES}
CREATE TABLE IF NOT EXISTS rejections (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sink_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rejections_sink ON rejections(sink_id, id);
CREATE TABLE IF NOT EXISTS ended_sessions (
  subject TEXT PRIMARY KEY,
  until_ms INTEGER NOT NULL,
  ended_at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ended_sessions_until ON ended_sessions(until_ms);
${ALERT_TABLES}${SQLITE_DELIVERY_TABLES}${WEBHOOK_OUT_TABLES}`;

/**
 * Files made before claims existed lack the lease column. Added under the write lock, so two
 * processes opening one old file together do not both add it.
 */
function addLeaseColumn(db: Database.Database): void {
  db.transaction(() => {
    const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('inbox')").all();
    if (!columns.some((c) => c.name === "claimed_until_ms")) {
      db.exec("ALTER TABLE inbox ADD COLUMN claimed_until_ms INTEGER");
    }
  }).immediate();
}

/**
 * Files made before the ignored states check `state` against the first three only, and SQLite
 * cannot change a CHECK in place: the table is copied into one with the wider check, rowids
 * included (they order the pending events). Under the write lock, as the lease column is.
 */
function allowIgnoredStates(db: Database.Database): void {
  db.transaction(() => {
    const table = db
      .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'inbox'")
      .get();
    if (!table || !/CHECK \(state IN/.test(table.sql) || table.sql.includes("'ignored_unreadable'")) return;
    const columns = `event_id, sink_id, event_type, body, received_at, verification, state, processed_at,
      error, claimed_until_ms`;
    db.exec(`
      CREATE TABLE inbox_widened ${INBOX_COLUMNS};
      INSERT INTO inbox_widened (rowid, ${columns}) SELECT rowid, ${columns} FROM inbox;
      DROP TABLE inbox;
      ALTER TABLE inbox_widened RENAME TO inbox;${INBOX_INDEXES}`);
  }).immediate();
}

/** The tables the schema makes: readiness checks they are all there. */
export const TABLES = ["sinks", "inbox", "rejections", "ended_sessions"] as const;

/**
 * Opens the dashboard's own file (`<DATA_DIR>/dashboard.db`) on a connection of the caller's
 * own, its schema in place. WAL, so readers never wait on the writer; NORMAL in WAL mode: a
 * commit is in the WAL file before it returns, so a crash of the process loses nothing
 * acknowledged, and the WAL is fsynced at checkpoints, so a power cut may lose the last
 * commits. FULL (an fsync per commit) protects those too, but cost about 20 % of the
 * receiver's throughput on the bench machine even with grouped commits (bench:receiver:
 * ~820-910/s against ~1,080/s).
 */
export function openDashboardFile(dataDir: string, fileName = "dashboard.db"): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, fileName));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  prepareSchema(db);
  return db;
}

export function prepareSchema(db: Database.Database): void {
  db.exec(SCHEMA);
  addLeaseColumn(db);
  allowIgnoredStates(db);
}
