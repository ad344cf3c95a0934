import type { Migration } from "@/lib/server/postgres-schema";

/**
 * The portfolio mirror's tables (lib/server/mirror): rows read from the service, sync tasks and
 * state, and what Pace reads them by. Numbered among the store's migrations (postgres-schema.ts).
 */
export const MIRROR_MIGRATIONS: readonly Migration[] = [
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
];

/** The recent bookings (per listing, still standing) read the booked index without visiting a row. */
export const MIRROR_BOOKINGS_INDEX_MIGRATION: Migration = {
  version: 11,
  name: "the booked index covers whether a booking still stands",
  sql: `
DROP INDEX mirror_reservations_booked;
CREATE INDEX mirror_reservations_bookings ON mirror_reservations (account_id, booked_at)
  INCLUDE (check_in, stay_days, listing_id, canceled_at, status);
`,
};
