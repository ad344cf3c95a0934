/**
 * Tables of the webhooks group, appended to the core schema (see ../schema.ts): subscriptions
 * and the delivery pipeline (windows waiting to close, signed envelopes, every attempt). Only
 * the webhook engine reads and writes them; other groups hand it events in memory.
 */
export const TABLES_SQL = `
CREATE TABLE IF NOT EXISTS webhook_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  url TEXT NOT NULL,
  event_types TEXT NOT NULL,         -- JSON array
  secret TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('enabled','disabled')),
  disabled_reason TEXT,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Events waiting for their five-minute window to close, one row per listing named.
CREATE TABLE IF NOT EXISTS webhook_pending (
  subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
  event_type TEXT NOT NULL,
  market_id TEXT NOT NULL DEFAULT '',  -- recommendations.updated batches per market; '' otherwise
  window_start_ms INTEGER NOT NULL,
  listing_svc_id TEXT NOT NULL,
  PRIMARY KEY (subscription_id, event_type, market_id, window_start_ms, listing_svc_id)
);

-- One envelope per closed window; its body is stored before the first attempt is sent.
CREATE TABLE IF NOT EXISTS webhook_events (
  id TEXT PRIMARY KEY,               -- evt_…, also Svc-Event-Id
  subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
  event_type TEXT NOT NULL,
  body TEXT NOT NULL,                -- the envelope JSON, byte for byte what is signed and sent
  created_at TEXT NOT NULL,
  outcome TEXT NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending','succeeded','exhausted'))
);

-- Every attempt of every delivery (GET /webhooks/{id}/deliveries).
CREATE TABLE IF NOT EXISTS webhook_attempts (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending','succeeded','failed')),
  due_at_ms INTEGER NOT NULL,        -- service clock
  response_status INTEGER,
  response_body TEXT,
  error TEXT,
  duration_ms REAL,
  attempted_at TEXT,
  next_attempt_at TEXT
);
CREATE INDEX IF NOT EXISTS webhook_attempts_due ON webhook_attempts(status, due_at_ms);
`;
