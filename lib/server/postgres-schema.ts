import type { Pool, PoolClient } from "pg";
import { POSTGRES_DELIVERY_MIGRATION } from "@/lib/server/delivery/delivery-schema";

/**
 * The PostgreSQL store's schema as numbered migrations, applied once at start-up. Each applied
 * version is a row of `dashboard_schema_migrations`; a migration and its row commit together.
 * Several instances may start at the same moment, so the whole run holds a session-level
 * advisory lock: the first applies what is missing, the others wait and then find nothing left
 * to do (two concurrent `CREATE TABLE` would otherwise collide in the catalogue).
 *
 * Times are `timestamptz` (the interface's ISO strings in and out); `seq` numbers the inbox in
 * the order events were accepted, as SQLite's rowid does.
 */

export const MIGRATIONS_TABLE = "dashboard_schema_migrations";
/** Any constant works as long as nothing else in the database uses it: "RDM1" in ASCII. */
export const MIGRATION_LOCK_KEY = 0x52444d31;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "sinks, inbox with leases, rejections, ended sessions",
    sql: `
CREATE TABLE sinks (
  id text PRIMARY KEY,
  owner_account_id text NOT NULL,
  owner_label text NOT NULL,
  subscription_id text,
  secret bytea NOT NULL,
  previous_secret bytea,
  previous_valid_until timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX sinks_owner ON sinks (owner_account_id, created_at);
CREATE TABLE inbox (
  event_id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  sink_id text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  received_at timestamptz NOT NULL,
  verification text NOT NULL CHECK (verification = 'verified'),
  state text NOT NULL CHECK (state IN ('pending', 'processed', 'failed')),
  processed_at timestamptz,
  error text,
  claimed_until timestamptz
);
CREATE INDEX inbox_pending ON inbox (seq) WHERE state = 'pending';
CREATE INDEX inbox_sink ON inbox (sink_id, received_at);
CREATE TABLE rejections (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sink_id text NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rejections_sink ON rejections (sink_id, id);
CREATE TABLE ended_sessions (
  subject text PRIMARY KEY,
  until_ms bigint NOT NULL,
  ended_at_ms bigint NOT NULL
);
CREATE INDEX ended_sessions_until ON ended_sessions (until_ms);
`,
  },
  {
    version: 2,
    // A column CHECK is named <table>_<column>_check; rows already there all pass the wider one.
    name: "inbox states for events ignored: of an unknown type, or with unreadable listing ids",
    sql: `
ALTER TABLE inbox DROP CONSTRAINT inbox_state_check;
ALTER TABLE inbox ADD CONSTRAINT inbox_state_check
  CHECK (state IN ('pending', 'processed', 'failed', 'ignored_unknown_type', 'ignored_unreadable'));
`,
  },
  {
    version: 3,
    // The portfolio mirror (lib/server/mirror): rows read from the service, sync tasks, state.
    name: "the portfolio mirror: sync state and tasks, listings, reservations, nights, flags, market series",
    sql: `
CREATE TABLE mirror_sync (
  account_id text PRIMARY KEY,
  label text NOT NULL,
  started_at timestamptz NOT NULL,
  paused boolean NOT NULL DEFAULT false,
  stopped_reason text,
  requests_spent bigint NOT NULL DEFAULT 0,
  wait_until_ms bigint,
  last_error text,
  last_error_at timestamptz,
  last_event_at timestamptz,
  last_read_at timestamptz,
  stored_key bytea,
  stored_key_last4 text,
  stored_key_at timestamptz
);
CREATE TABLE mirror_tasks (
  account_id text NOT NULL,
  kind text NOT NULL,
  subject text NOT NULL,
  rank integer NOT NULL,
  seq integer NOT NULL,
  due_at_ms bigint NOT NULL,
  lease_until_ms bigint,
  claimed_at_ms bigint,
  claim_token text,
  done_at_ms bigint,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  PRIMARY KEY (account_id, kind, subject)
);
CREATE INDEX mirror_tasks_order ON mirror_tasks (account_id, rank, due_at_ms);
CREATE TABLE mirror_listings (
  account_id text NOT NULL,
  listing_id text NOT NULL,
  channel text NOT NULL,
  channel_listing_id text NOT NULL,
  name text,
  market_id text,
  bedrooms double precision,
  currency text,
  hidden boolean NOT NULL DEFAULT false,
  seq integer NOT NULL,
  body jsonb NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, listing_id)
);
CREATE INDEX mirror_listings_listing ON mirror_listings (listing_id);
CREATE TABLE mirror_reservations (
  account_id text NOT NULL,
  listing_id text NOT NULL,
  reservation_id text NOT NULL,
  status text NOT NULL,
  check_in text NOT NULL,
  check_out text NOT NULL,
  stay_days integer NOT NULL,
  nights integer,
  booked_at timestamptz,
  canceled_at timestamptz,
  currency text,
  nightly_subtotal double precision,
  body jsonb NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, listing_id, reservation_id)
);
CREATE INDEX mirror_reservations_stay ON mirror_reservations (account_id, check_in);
CREATE INDEX mirror_reservations_length ON mirror_reservations (account_id, stay_days);
CREATE TABLE mirror_nights (
  account_id text NOT NULL,
  listing_id text NOT NULL,
  date text NOT NULL,
  currency text,
  price double precision,
  recommended_price double precision,
  min_stay integer,
  booked boolean,
  blocked boolean,
  body jsonb NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, listing_id, date)
);
CREATE TABLE mirror_flags (
  account_id text NOT NULL,
  listing_id text NOT NULL,
  body jsonb NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, listing_id)
);
CREATE TABLE mirror_market_series (
  account_id text NOT NULL,
  market_id text NOT NULL,
  bedrooms text NOT NULL,
  body jsonb NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, market_id, bedrooms)
);
`,
  },
  {
    version: 4,
    name: "the stays' covering indexes for pace",
    // Pace's figures read only these columns of the stays in a range of check-ins, and its
    // booking windows those of the stays booked in a range of instants: with them in the
    // indexes, a read need not visit the rows, whose bodies are large.
    sql: `
DROP INDEX IF EXISTS mirror_reservations_stay;
CREATE INDEX mirror_reservations_pace ON mirror_reservations (account_id, check_in)
  INCLUDE (check_out, stay_days, booked_at, canceled_at, status, currency, nightly_subtotal, listing_id);
CREATE INDEX mirror_reservations_booked ON mirror_reservations (account_id, booked_at)
  INCLUDE (check_in, stay_days, listing_id);
`,
  },
  {
    version: 5,
    name: "the mirror's segments and sets with their listings",
    // Pace's scope by segment or comp set: each group's svc ids of the account's listings.
    sql: `
CREATE TABLE mirror_groups (
  account_id text NOT NULL,
  kind text NOT NULL,
  group_id text NOT NULL,
  seq integer NOT NULL,
  name text,
  listing_ids text[] NOT NULL,
  body jsonb NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, kind, group_id)
);
`,
  },
  {
    version: 6,
    name: "the books as they stand, summed by night",
    // The whole portfolio's final figures a row a night (postgres-mirror-totals.ts), summed
    // here from the stays already held; the writes keep them from then on.
    sql: `
CREATE TABLE mirror_night_totals (
  account_id text NOT NULL,
  night text NOT NULL,
  currency text NOT NULL,
  nights integer NOT NULL,
  revenue double precision NOT NULL,
  unpriced integer NOT NULL,
  PRIMARY KEY (account_id, night, currency)
);
INSERT INTO mirror_night_totals (account_id, night, currency, nights, revenue, unpriced)
SELECT r.account_id, to_char(r.check_in::date + k, 'YYYY-MM-DD'), COALESCE(r.currency, ''), count(*),
  COALESCE(SUM(r.nightly_subtotal / r.stay_days), 0), count(*) FILTER (WHERE r.nightly_subtotal IS NULL)
FROM mirror_reservations r CROSS JOIN LATERAL generate_series(0, r.stay_days - 1) AS k
WHERE r.stay_days > 0 AND r.canceled_at IS NULL AND r.status <> 'Canceled'
  AND NOT EXISTS (SELECT 1 FROM mirror_listings l WHERE l.account_id = r.account_id AND l.listing_id = r.listing_id AND l.hidden)
GROUP BY 1, 2, 3;
`,
  },
  {
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
  },
  POSTGRES_DELIVERY_MIGRATION,
];

/** The tables the migrations make: readiness checks they are all there. */
export const TABLES = ["sinks", "inbox", "rejections", "ended_sessions"] as const;
export const LATEST_VERSION = MIGRATIONS.at(-1)!.version;

/**
 * Applies the migrations this database lacks, under the advisory lock; resolves with the
 * versions this call applied (none when another instance got there first).
 */
export async function migrate(pool: Pool): Promise<number[]> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      return await applyMissing(client);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {
        // The session is gone, and its lock with it; this client must not go back to the pool.
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}

async function applyMissing(client: PoolClient): Promise<number[]> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
       version integer PRIMARY KEY,
       name text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE}`);
  const done = new Set(rows.map((r) => r.version));
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (done.has(migration.version)) continue;
    await client.query("BEGIN");
    try {
      await client.query(migration.sql);
      await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
    applied.push(migration.version);
  }
  return applied;
}

/**
 * True when every table is there and the newest migration is recorded; false when some are
 * missing; rejects when the database cannot be read.
 */
export async function schemaInPlace(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query<{ tables: number; migrations: boolean }>(
    `SELECT (SELECT count(*) FROM information_schema.tables
              WHERE table_schema = current_schema() AND table_name = ANY($1::text[]))::int AS tables,
            to_regclass($2) IS NOT NULL AS migrations`,
    [TABLES, MIGRATIONS_TABLE],
  );
  if (rows[0]!.tables !== TABLES.length || !rows[0]!.migrations) return false;
  const latest = await pool.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM ${MIGRATIONS_TABLE}`,
  );
  return latest.rows[0]!.version === LATEST_VERSION;
}
