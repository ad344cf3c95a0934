/**
 * The reference service's SQLite schema: here the core tables, which several endpoint groups
 * read, so no group owns them; each group's own tables come from ./tables. Listing ids:
 * `svc_id` is the service's own id, unique across channels; market listings (comparison
 * candidates) share that id space. JSON columns hold objects the contract defines
 * (supported_settings, preferences, metrics).
 */
import { GROUP_TABLES_SQL } from "./tables";

const CORE_SQL = `
PRAGMA foreign_keys = ON;

CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  first_name TEXT,
  last_name TEXT,
  persona TEXT UNIQUE,               -- owner | manager | editor | restricted_editor | viewer | outsider | NULL
  has_history_feature INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS api_keys (
  token_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('standard','read_only','channel_integration','assistant')),
  key_hash TEXT NOT NULL UNIQUE,     -- sha256 hex of the key
  last4 TEXT NOT NULL,
  demo_key TEXT,                     -- plaintext, only for seeded persona keys (GET /_sandbox/personas)
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);

CREATE TABLE IF NOT EXISTS team_members (
  owner_user_id TEXT NOT NULL REFERENCES users(id),
  member_user_id TEXT NOT NULL REFERENCES users(id),
  level TEXT NOT NULL CHECK (level IN ('manager','editor','restricted_editor','viewer')),
  status TEXT NOT NULL DEFAULT 'active',
  created_at TEXT NOT NULL,
  PRIMARY KEY (owner_user_id, member_user_id)
);

-- Explicit access of a user to a listing they do not own (granted through a team).
CREATE TABLE IF NOT EXISTS listing_access (
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  user_id TEXT NOT NULL REFERENCES users(id),
  level TEXT NOT NULL CHECK (level IN ('manager','editor','restricted_editor','viewer')),
  PRIMARY KEY (listing_svc_id, user_id)
);

CREATE TABLE IF NOT EXISTS markets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT NOT NULL,
  currency TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  bedroom_groups TEXT NOT NULL       -- JSON array, e.g. ["0","1","2","3","4","5","6+"] or ["0","1","2+"]
);

-- Each market's nightly demand model (seed/demand.ts), over the same span as the calendar.
-- Candidates' nightly prices and occupancy, neighborhood data and market reports derive from it:
-- price multiplier = season * weekday * event * noise; demand score = season * event * noise.
CREATE TABLE IF NOT EXISTS market_nights (
  market_id TEXT NOT NULL REFERENCES markets(id),
  date TEXT NOT NULL,
  season REAL NOT NULL,
  weekday REAL NOT NULL,
  event REAL NOT NULL,
  noise REAL NOT NULL,
  demand TEXT NOT NULL CHECK (demand IN ('low','normal','high','very_high')),
  PRIMARY KEY (market_id, date)
);

-- Units of a currency per 1 USD.
CREATE TABLE IF NOT EXISTS fx_rates (
  currency TEXT PRIMARY KEY,
  per_usd REAL NOT NULL
);

CREATE TABLE IF NOT EXISTS listings (
  svc_id TEXT PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('airbnb','vrbo','booking_com')),
  channel_listing_id TEXT NOT NULL,
  owner_user_id TEXT NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  market_id TEXT NOT NULL REFERENCES markets(id),
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  bedrooms INTEGER,
  bathrooms REAL,
  max_guests INTEGER,
  currency TEXT NOT NULL,
  is_active INTEGER NOT NULL,
  is_hidden INTEGER NOT NULL,
  num_photos INTEGER NOT NULL,
  owner_name TEXT,
  source_user_id TEXT,
  pricing_tier TEXT NOT NULL CHECK (pricing_tier IN ('Free','Pro Flex','Pro Flat','Pro Trial','Pro Onboarding')),
  base_price REAL NOT NULL,          -- the service's current base price recommendation
  amenities TEXT NOT NULL,           -- JSON array of names
  supported_settings TEXT NOT NULL,  -- JSON: contract supportedSettings
  preferences TEXT NOT NULL,         -- JSON: contract listingPreferencesSummary
  tags TEXT NOT NULL,                -- JSON array of strings
  created_at TEXT NOT NULL,
  UNIQUE (channel, channel_listing_id)
);
CREATE INDEX IF NOT EXISTS listings_owner ON listings(owner_user_id);

-- Comparison candidates: the market's other listings, with metrics by period suffix.
CREATE TABLE IF NOT EXISTS market_listings (
  listing_id TEXT PRIMARY KEY,
  market_id TEXT NOT NULL REFERENCES markets(id),
  channel TEXT NOT NULL,
  name TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  bedrooms INTEGER,
  bathrooms REAL,
  max_guests INTEGER,
  guests_included INTEGER,           -- NULL when unknown
  amenities TEXT NOT NULL,           -- JSON array of names
  currency TEXT NOT NULL,
  base_price REAL NOT NULL,          -- typical nightly price in currency
  eligible INTEGER NOT NULL,         -- 0: not an eligible comparison candidate
  metrics TEXT NOT NULL              -- JSON: {adr_365_0, occupancy_adjusted_90_0, ...}, values may be null
);
CREATE INDEX IF NOT EXISTS market_listings_market ON market_listings(market_id);

CREATE TABLE IF NOT EXISTS reservations (
  reservation_id TEXT PRIMARY KEY,   -- the channel's reservation id
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  status TEXT NOT NULL CHECK (status = 'Accepted' OR status = 'Canceled'),
  check_in TEXT NOT NULL,
  check_out TEXT NOT NULL,
  nights INTEGER NOT NULL,
  guests INTEGER,
  booked_at TEXT NOT NULL,
  canceled_at TEXT,                  -- set whenever status is Canceled
  currency TEXT NOT NULL,
  nightly_subtotal REAL,
  fees REAL,
  taxes REAL,
  payout REAL,
  total_price REAL,
  comments TEXT,
  source_name TEXT
);
CREATE INDEX IF NOT EXISTS reservations_listing ON reservations(listing_svc_id, check_in);

-- One row per listing per night, about 15 months back and 12 months forward. WITHOUT ROWID:
-- one B-tree in (listing, date) order, a tenth quicker to write than a table and its key index.
CREATE TABLE IF NOT EXISTS calendar_nights (
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  date TEXT NOT NULL,
  price REAL NOT NULL,               -- posted price
  recommended_price REAL NOT NULL,   -- the service's recommendation
  min_stay INTEGER NOT NULL,
  available INTEGER NOT NULL,        -- 1 open, 0 booked or blocked
  blocked INTEGER NOT NULL,          -- 1 blocked by the host (not booked)
  reservation_id TEXT,               -- set when booked
  -- Spelt out: per row, an IN list cost a quarter of the time of writing a night.
  demand TEXT NOT NULL CHECK (demand = 'low' OR demand = 'normal' OR demand = 'high' OR demand = 'very_high'),
  PRIMARY KEY (listing_svc_id, date)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS sets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT,                         -- NULL reports as 'other'
  owner_user_id TEXT NOT NULL REFERENCES users(id),
  is_paid INTEGER NOT NULL,
  billed_user_id TEXT,
  membership TEXT NOT NULL CHECK (membership IN ('static','filter')),
  filters TEXT,                      -- JSON, filter-based sets only
  boundary TEXT,                     -- JSON MultiPolygon coordinates
  currency TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS set_members (
  set_id TEXT NOT NULL REFERENCES sets(id) ON DELETE CASCADE,
  listing_id TEXT NOT NULL REFERENCES market_listings(listing_id),
  status TEXT NOT NULL CHECK (status IN ('active','suggested','inactive')),
  added_at TEXT NOT NULL,
  PRIMARY KEY (set_id, listing_id)
);

CREATE TABLE IF NOT EXISTS set_shares (
  set_id TEXT NOT NULL REFERENCES sets(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id),
  level TEXT NOT NULL CHECK (level IN ('R','E','F','M')),
  PRIMARY KEY (set_id, user_id)
);

CREATE TABLE IF NOT EXISTS set_associated_listings (
  set_id TEXT NOT NULL REFERENCES sets(id) ON DELETE CASCADE,
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  added_by_user_id TEXT NOT NULL REFERENCES users(id),
  PRIMARY KEY (set_id, listing_svc_id)
);

-- Automatically derived conditions; a cleared flag keeps its row with cleared_at.
CREATE TABLE IF NOT EXISTS listing_flags (
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  code TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('info','warning','critical')),
  message TEXT NOT NULL,
  detected_at TEXT NOT NULL,
  cleared_at TEXT,
  PRIMARY KEY (listing_svc_id, code, detected_at)
);

-- Every change recorded against a listing (GET /preferences/{id}/changelog): prices posted,
-- failed posts, calendar syncs, custom rates, pricing engine and preference changes,
-- reservations imported. Several groups write it through domain/listing-changelog.ts.
CREATE TABLE IF NOT EXISTS listing_changelog (
  seq INTEGER PRIMARY KEY,           -- insertion order; ties on at read newest seq first
  id TEXT NOT NULL UNIQUE,           -- lcg_…
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  at TEXT NOT NULL,                  -- ISO timestamp, service clock
  actor_user_id TEXT REFERENCES users(id),  -- NULL: the service itself
  action TEXT NOT NULL,              -- contract preferenceChangelogAction
  details TEXT NOT NULL              -- JSON object
);
CREATE INDEX IF NOT EXISTS listing_changelog_listing ON listing_changelog(listing_svc_id, at);

-- Bumped by triggers whenever what a listing object shows may have changed (its row, its
-- owner's name, its market's name): in-process caches of listing objects compare it
-- (domain/listing-cache.ts) instead of re-reading every row on every request.
CREATE TABLE IF NOT EXISTS data_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL
);
INSERT OR IGNORE INTO data_versions (name, version) VALUES ('listings', 0);
CREATE TRIGGER IF NOT EXISTS listings_version_insert AFTER INSERT ON listings
  BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'listings'; END;
CREATE TRIGGER IF NOT EXISTS listings_version_update AFTER UPDATE ON listings
  BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'listings'; END;
CREATE TRIGGER IF NOT EXISTS listings_version_delete AFTER DELETE ON listings
  BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'listings'; END;
CREATE TRIGGER IF NOT EXISTS listings_version_users AFTER UPDATE ON users
  BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'listings'; END;
CREATE TRIGGER IF NOT EXISTS listings_version_markets AFTER UPDATE ON markets
  BEGIN UPDATE data_versions SET version = version + 1 WHERE name = 'listings'; END;

-- Accepted POST /listings/{listing_id}/sync calls (60 s debounce, daily cap).
CREATE TABLE IF NOT EXISTS listing_syncs (
  listing_svc_id TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
`;

export const SCHEMA_SQL = `${CORE_SQL}\n${GROUP_TABLES_SQL}`;
