/**
 * Migration 9: the alerts' outgoing webhook (webhook-store.ts). `alert_webhook_digests`' key
 * is the claim of an account's local day (one digest per day across instances); the pending
 * messages' index serves the worker's `FOR UPDATE SKIP LOCKED` claim of due attempts.
 */
export const WEBHOOK_OUT_MIGRATION: { version: number; name: string; sql: string } = {
  version: 9,
  name: "the alerts' outgoing webhook: endpoints, messages, attempts, digest claims",
  sql: `
CREATE TABLE alert_webhook_endpoints (
  account_id text PRIMARY KEY,
  url text NOT NULL,
  enabled boolean NOT NULL,
  secret bytea NOT NULL,
  digest_time text NOT NULL,
  time_zone text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  secret_rotated_at timestamptz NOT NULL
);
CREATE TABLE alert_webhook_messages (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  type text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  digest_date text
);
CREATE INDEX alert_webhook_messages_due ON alert_webhook_messages (next_attempt_at) WHERE state = 'pending';
CREATE INDEX alert_webhook_messages_account ON alert_webhook_messages (account_id, created_at);
CREATE TABLE alert_webhook_attempts (
  message_id text NOT NULL REFERENCES alert_webhook_messages (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL,
  response_status integer,
  response_body text,
  error text,
  duration_ms integer NOT NULL,
  PRIMARY KEY (message_id, attempt)
);
CREATE TABLE alert_webhook_digests (
  account_id text NOT NULL,
  local_date text NOT NULL,
  claimed_at timestamptz NOT NULL,
  message_id text,
  PRIMARY KEY (account_id, local_date)
);
`,
};
