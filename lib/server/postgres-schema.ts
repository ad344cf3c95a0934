import type { Pool, PoolClient } from "pg";
import { ALERTS_MIGRATION } from "@/lib/server/alerts/postgres-alerts-schema";
import { POSTGRES_DELIVERY_MIGRATION } from "@/lib/server/delivery/delivery-schema";
import { WEBHOOK_OUT_MIGRATION } from "@/lib/server/delivery/webhook/postgres-webhook-schema";
import {
  MIRROR_BOOKINGS_INDEX_MIGRATION,
  MIRROR_MIGRATIONS,
} from "@/lib/server/mirror/postgres-mirror-schema";
import { SET_PRICES_MIGRATION } from "@/lib/server/mirror/postgres-set-prices-schema";

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
  ...MIRROR_MIGRATIONS,
  ALERTS_MIGRATION,
  POSTGRES_DELIVERY_MIGRATION,
  WEBHOOK_OUT_MIGRATION,
  SET_PRICES_MIGRATION,
  MIRROR_BOOKINGS_INDEX_MIGRATION,
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
