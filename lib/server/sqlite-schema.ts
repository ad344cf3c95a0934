import type Database from "better-sqlite3";

/**
 * The SQLite store's schema (sqlite-store.ts). Made with `IF NOT EXISTS` at every open, so a
 * new file gets it whole; a file from an older dashboard gets what was added since (the lease
 * column of claims) by the steps below.
 */

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
  error TEXT,
  claimed_until_ms INTEGER
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
CREATE TABLE IF NOT EXISTS ended_sessions (
  subject TEXT PRIMARY KEY,
  until_ms INTEGER NOT NULL,
  ended_at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ended_sessions_until ON ended_sessions(until_ms);
`;

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

/** The tables the schema makes: readiness checks they are all there. */
export const TABLES = ["sinks", "inbox", "rejections", "ended_sessions"] as const;

export function prepareSchema(db: Database.Database): void {
  db.exec(SCHEMA);
  addLeaseColumn(db);
}
