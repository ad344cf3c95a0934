/**
 * Tables of the listing records group (custom rates, notes, price changes). `custom_rates` is
 * also read by the calendar endpoints (price calendar, recommendations, min-stay calendar).
 */
export const TABLES_SQL = `
-- Custom rate periods in force (decisions §3). A write overlapping a period splits it, so
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
`;
