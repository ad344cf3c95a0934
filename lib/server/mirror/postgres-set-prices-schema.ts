import type { Migration } from "@/lib/server/postgres-schema";

/**
 * The paid sets' daily comps' prices (set-prices.ts), one row per set and day read: an entry of
 * MIGRATIONS in lib/server/postgres-schema.ts.
 */
export const SET_PRICES_MIGRATION: Migration = {
  version: 10,
  name: "the paid sets' comps' prices, a row per set and day",
  sql: `
CREATE TABLE mirror_set_prices (
  account_id text NOT NULL,
  set_id text NOT NULL,
  day text NOT NULL,
  currency text,
  median double precision,
  comps integer NOT NULL,
  nights integer NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, set_id, day)
);
`,
};
