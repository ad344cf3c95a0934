/**
 * The outgoing webhook's tables in `dashboard.db` (lib/server/sqlite-schema.ts makes them at
 * every open). `alert_webhook_digests` is the claim of an account's local day: its primary key
 * is what makes one digest per day, whoever gets there first.
 */
export const WEBHOOK_OUT_TABLES = `
CREATE TABLE IF NOT EXISTS alert_webhook_endpoints (
  account_id TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  secret BLOB NOT NULL,
  digest_time TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  secret_rotated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS alert_webhook_messages (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  claimed_until TEXT,
  digest_date TEXT
);
CREATE INDEX IF NOT EXISTS alert_webhook_messages_due ON alert_webhook_messages(next_attempt_at) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS alert_webhook_messages_account ON alert_webhook_messages(account_id, created_at);
CREATE TABLE IF NOT EXISTS alert_webhook_attempts (
  message_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  attempted_at TEXT NOT NULL,
  response_status INTEGER,
  response_body TEXT,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  PRIMARY KEY (message_id, attempt)
);
CREATE TABLE IF NOT EXISTS alert_webhook_digests (
  account_id TEXT NOT NULL,
  local_date TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  message_id TEXT,
  PRIMARY KEY (account_id, local_date)
);
`;
