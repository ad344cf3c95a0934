/**
 * The mirror's tables on SQLite (sqlite-mirror.ts), made with `IF NOT EXISTS` at every open.
 * Typed columns hold what the mirror's readers filter and add up; `body` holds the service's
 * JSON as it came, so a field this dashboard does not know yet is kept. Times the store
 * compares are unix ms; times it shows are ISO strings.
 */
export const MIRROR_TABLES = [
  "mirror_sync",
  "mirror_tasks",
  "mirror_listings",
  "mirror_reservations",
  "mirror_nights",
  "mirror_flags",
  "mirror_market_series",
  "mirror_groups",
  "mirror_night_totals",
  "mirror_set_prices",
] as const;

/**
 * The schema's version, kept in the file (`PRAGMA user_version`). The mirror is a copy the
 * sync can always read again: a file of another version is emptied and made anew rather than
 * migrated, and its accounts start their sync again; but a file of version 2 lacks only the
 * night totals, which are summed from the stays it holds, and one of version 3 only the paid
 * sets' daily prices, a table made empty: both keep their rows.
 */
export const MIRROR_SCHEMA_VERSION = 4;
export const MIRROR_SCHEMA_BEFORE_TOTALS = 2;
export const MIRROR_SCHEMA_BEFORE_SET_PRICES = 3;

export const SQLITE_MIRROR_SCHEMA = `
CREATE TABLE IF NOT EXISTS mirror_sync (
  account_id TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  started_at TEXT NOT NULL,
  paused INTEGER NOT NULL DEFAULT 0,
  stopped_reason TEXT,
  requests_spent INTEGER NOT NULL DEFAULT 0,
  wait_until_ms INTEGER,
  last_error TEXT,
  last_error_at TEXT,
  last_event_at TEXT,
  last_read_at TEXT,
  stored_key BLOB,
  stored_key_last4 TEXT,
  stored_key_at TEXT
);
CREATE TABLE IF NOT EXISTS mirror_tasks (
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  rank INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  due_at_ms INTEGER NOT NULL,
  lease_until_ms INTEGER,
  claimed_at_ms INTEGER,
  claim_token TEXT,
  done_at_ms INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  PRIMARY KEY (account_id, kind, subject)
);
CREATE INDEX IF NOT EXISTS mirror_tasks_order ON mirror_tasks (account_id, rank, due_at_ms);
CREATE TABLE IF NOT EXISTS mirror_listings (
  account_id TEXT NOT NULL,
  listing_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  channel_listing_id TEXT NOT NULL,
  name TEXT,
  market_id TEXT,
  bedrooms REAL,
  currency TEXT,
  hidden INTEGER NOT NULL DEFAULT 0,
  seq INTEGER NOT NULL,
  body TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (account_id, listing_id)
);
CREATE INDEX IF NOT EXISTS mirror_listings_listing ON mirror_listings (listing_id);
CREATE TABLE IF NOT EXISTS mirror_reservations (
  account_id TEXT NOT NULL,
  listing_id TEXT NOT NULL,
  reservation_id TEXT NOT NULL,
  status TEXT NOT NULL,
  check_in TEXT NOT NULL,
  check_out TEXT NOT NULL,
  stay_days INTEGER NOT NULL,
  nights INTEGER,
  booked_at TEXT,
  canceled_at TEXT,
  currency TEXT,
  nightly_subtotal REAL,
  body TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (account_id, listing_id, reservation_id)
);
-- Pace's figures read only these columns of the stays in a range of check-ins: a covering index
-- answers them without a visit to the rows (whose bodies are large), about five times faster.
DROP INDEX IF EXISTS mirror_reservations_stay;
CREATE INDEX IF NOT EXISTS mirror_reservations_pace ON mirror_reservations (account_id, check_in, check_out,
  stay_days, booked_at, canceled_at, status, currency, nightly_subtotal, listing_id);
-- The booking windows and the recent bookings read the stays booked in a range of instants, the
-- same way (whether each still stands included).
DROP INDEX IF EXISTS mirror_reservations_booked;
CREATE INDEX IF NOT EXISTS mirror_reservations_bookings ON mirror_reservations (account_id, booked_at, check_in,
  stay_days, listing_id, canceled_at, status);
CREATE INDEX IF NOT EXISTS mirror_reservations_length ON mirror_reservations (account_id, stay_days);
-- The books as they stand, summed by night and reservation currency ('' where none) over every
-- listing not hidden (sqlite-mirror-totals.ts): the whole portfolio's final figures, a row a night.
CREATE TABLE IF NOT EXISTS mirror_night_totals (
  account_id TEXT NOT NULL,
  night TEXT NOT NULL,
  currency TEXT NOT NULL,
  nights INTEGER NOT NULL,
  revenue REAL NOT NULL,
  unpriced INTEGER NOT NULL,
  PRIMARY KEY (account_id, night, currency)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mirror_nights (
  account_id TEXT NOT NULL,
  listing_id TEXT NOT NULL,
  date TEXT NOT NULL,
  currency TEXT,
  price REAL,
  recommended_price REAL,
  min_stay INTEGER,
  booked INTEGER,
  blocked INTEGER,
  body TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (account_id, listing_id, date)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mirror_flags (
  account_id TEXT NOT NULL,
  listing_id TEXT NOT NULL,
  body TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (account_id, listing_id)
);
CREATE TABLE IF NOT EXISTS mirror_market_series (
  account_id TEXT NOT NULL,
  market_id TEXT NOT NULL,
  bedrooms TEXT NOT NULL,
  body TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (account_id, market_id, bedrooms)
);
-- The account's segments and sets (kind 'segment' or 'set'), each with the svc ids of its
-- listings as a JSON array: Pace's scope filters by them; none is ever looked up by listing.
CREATE TABLE IF NOT EXISTS mirror_groups (
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  group_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  name TEXT,
  listing_ids TEXT NOT NULL,
  body TEXT NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (account_id, kind, group_id)
);
-- A paid set's comps' median price for the next 30 nights, one row per set and day read
-- (set-prices.ts): comps_moved compares today's with the day before's.
CREATE TABLE IF NOT EXISTS mirror_set_prices (
  account_id TEXT NOT NULL,
  set_id TEXT NOT NULL,
  day TEXT NOT NULL,
  currency TEXT,
  median REAL,
  comps INTEGER NOT NULL,
  nights INTEGER NOT NULL,
  read_at TEXT NOT NULL,
  PRIMARY KEY (account_id, set_id, day)
);
`;
