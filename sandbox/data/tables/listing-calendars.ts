/**
 * Tables of the listing calendars group: what was posted to the channel for each stay date,
 * and the daily log of each listing's base price. Both are history: the calendar itself
 * (`calendar_nights`) holds only the state in force.
 */
export const TABLES_SQL = `
-- Every attempt to post a stay date's price to the channel. A run records only the dates
-- whose price or minimum stay changed since that date's last successful posting.
-- recommended_price is the engine's recommendation when the post was made (kept for the
-- calendar-day snapshots).
-- WITHOUT ROWID on the reading order keeps the seed's ~20k rows one B-tree (fast to seed).
CREATE TABLE IF NOT EXISTS calendar_postings (
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  stay_date TEXT NOT NULL,           -- YYYY-MM-DD
  posted_at TEXT NOT NULL,           -- ISO timestamp, service clock
  price REAL NOT NULL,
  recommended_price REAL NOT NULL,
  min_stay INTEGER,                  -- NULL when the channel takes no minimum stay
  outcome TEXT NOT NULL CHECK (outcome IN ('posted','failed')),
  trigger TEXT NOT NULL CHECK (trigger IN ('automatic','sync','app')),
  error TEXT,                        -- why the channel refused; NULL when posted
  PRIMARY KEY (listing_svc_id, stay_date, posted_at)
) WITHOUT ROWID;

-- One row per listing per past day: the recommended base price and the base price in
-- effect that day (the base_price preference when set, else the recommendation). The
-- current day is read from the listing itself.
CREATE TABLE IF NOT EXISTS base_price_log (
  listing_svc_id TEXT NOT NULL REFERENCES listings(svc_id),
  date TEXT NOT NULL,
  recommended_base_price REAL NOT NULL,
  effective_base_price REAL NOT NULL,
  PRIMARY KEY (listing_svc_id, date)
);
`;

/** calendar_postings' columns in insertion order, for the seed's batched writes. */
export const CALENDAR_POSTING_COLUMNS = [
  "listing_svc_id",
  "stay_date",
  "posted_at",
  "price",
  "recommended_price",
  "min_stay",
  "outcome",
  "trigger",
  "error",
] as const;
