import type { Migration } from "@/lib/server/postgres-schema";

/** Alert rules and the alerts they fired, numbered among the store's migrations (postgres-schema.ts). */
export const ALERTS_MIGRATION: Migration = {
  version: 7,
  name: "alert rules and the alerts they fired",
  // Kept apart from the mirror's tables. One standing alert per rule, listing and period
  // ('' for none): the partial unique index makes two instances evaluating at once fire one.
  sql: `
CREATE TABLE alert_rules (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  kind text NOT NULL,
  scope jsonb NOT NULL,
  params jsonb NOT NULL,
  delivery jsonb NOT NULL,
  paused boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX alert_rules_account ON alert_rules (account_id, created_at);
CREATE TABLE alerts (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  rule_id text NOT NULL,
  listing_id text NOT NULL,
  period text NOT NULL DEFAULT '',
  fired_at timestamptz NOT NULL,
  measured jsonb NOT NULL,
  against jsonb NOT NULL,
  why text NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'snoozed', 'resolved')),
  snoozed_until timestamptz,
  cleared_at timestamptz
);
CREATE UNIQUE INDEX alerts_standing ON alerts (rule_id, listing_id, period) WHERE cleared_at IS NULL;
CREATE INDEX alerts_account ON alerts (account_id, state, fired_at);
`,
};
