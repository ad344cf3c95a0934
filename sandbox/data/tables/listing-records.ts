/**
 * Tables of the listing records group (custom rates, notes, price changes). `custom_rates` is
 * also read by the calendar endpoints (price calendar, recommendations, min-stay calendar).
 */
export const TABLES_SQL = `
-- Custom rate periods in force (docs/interface-decisions.md §3). A write overlapping a period splits it, so
-- stored periods of one listing never overlap. Expired periods (expires_at passed or
-- end_date before today) stay stored but are never read back.
CREATE TABLE IF NOT EXISTS custom_rates (
  id INTEGER PRIMARY KEY,
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  start_date TEXT NOT NULL,          -- YYYY-MM-DD, included
  end_date TEXT NOT NULL,            -- YYYY-MM-DD, included
  price_type TEXT NOT NULL CHECK (price_type IN ('fixed','percent')),
  price_value REAL NOT NULL,
  min_price REAL,
  max_price REAL,
  min_stay INTEGER,
  reason TEXT,
  expires_at TEXT,                   -- ISO timestamp or NULL
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS custom_rates_listing ON custom_rates(listing_svc_id, start_date);

-- Notes on a listing (GET, POST /listings/{id}/notes; PUT, DELETE /listings/{id}/notes/{note_id}).
CREATE TABLE IF NOT EXISTS listing_notes (
  seq INTEGER PRIMARY KEY,           -- insertion order; ties on created_at read newest seq first
  id TEXT NOT NULL UNIQUE,           -- note_…
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  author_user_id TEXT NOT NULL REFERENCES users(id),
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS listing_notes_listing ON listing_notes(listing_svc_id, created_at);

-- Every change of a night's service price (GET /listings/{id}/recent_changes): the price the
-- service would post, i.e. the recommendation after the custom rate in force. Written by
-- pricing runs, custom rate writes and (through domain/records/price-changes.ts) preferences.
CREATE TABLE IF NOT EXISTS price_changes (
  seq INTEGER PRIMARY KEY,
  change_id INTEGER NOT NULL,        -- one per write: its nights read together, newest write first
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  date TEXT NOT NULL,                -- the stay date
  changed_at TEXT NOT NULL,          -- ISO timestamp, service clock
  previous_price REAL,               -- NULL when the night had no price before
  new_price REAL NOT NULL,
  cause TEXT NOT NULL CHECK (cause IN ('pricing_run','custom_rate','preferences'))
);
CREATE INDEX IF NOT EXISTS price_changes_listing ON price_changes(listing_svc_id, changed_at);
`;
