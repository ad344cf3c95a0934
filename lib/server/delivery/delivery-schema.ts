/**
 * The tables of delivery by e-mail (lib/server/delivery), in both stores: the people of an
 * account who receive alerts, each with their own settings, and the digests sent to them. The
 * digests' primary key (person, local day) is the claim: one digest per person and day.
 */
export const SQLITE_DELIVERY_TABLES = `
CREATE TABLE IF NOT EXISTS delivery_people (
  account_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  label TEXT NOT NULL,
  email TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  digest_time TEXT NOT NULL,
  digest INTEGER NOT NULL,
  immediate INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (account_id, person_id)
);
CREATE INDEX IF NOT EXISTS delivery_people_digest ON delivery_people(digest);
CREATE TABLE IF NOT EXISTS delivery_digests (
  account_id TEXT NOT NULL,
  person_id TEXT NOT NULL,
  local_date TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  cutoff TEXT NOT NULL,
  alert_count INTEGER,
  sent_at TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, person_id, local_date)
);
`;

/** Migration 8 of postgres-schema.ts (its `Migration` shape, not imported: that module imports this one). */
export const POSTGRES_DELIVERY_MIGRATION: { version: number; name: string; sql: string } = {
  version: 8,
  name: "the people who receive alerts by e-mail, and their digests",
  sql: `
CREATE TABLE delivery_people (
  account_id text NOT NULL,
  person_id text NOT NULL,
  label text NOT NULL,
  email text NOT NULL,
  time_zone text NOT NULL,
  digest_time text NOT NULL,
  digest boolean NOT NULL,
  immediate boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, person_id)
);
CREATE INDEX delivery_people_digest ON delivery_people (digest);
CREATE TABLE delivery_digests (
  account_id text NOT NULL,
  person_id text NOT NULL,
  local_date text NOT NULL,
  claimed_at timestamptz NOT NULL,
  cutoff timestamptz NOT NULL,
  alert_count integer,
  sent_at timestamptz,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, person_id, local_date)
);
`,
};
