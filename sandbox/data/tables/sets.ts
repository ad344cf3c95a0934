/** Tables of this group, appended to the core schema (see ../schema.ts). */
export const TABLES_SQL = `
-- Every change to a set (GET /sets/{set_id}/changelog, paid sets only; recorded on free sets too,
-- so an upgraded set shows its whole history). Newest first: at DESC, then seq DESC.
CREATE TABLE IF NOT EXISTS set_changelog (
  seq INTEGER PRIMARY KEY,           -- insertion order; breaks ties on at
  id TEXT NOT NULL UNIQUE,           -- scl_…
  set_id TEXT NOT NULL REFERENCES sets(id) ON DELETE CASCADE,
  at TEXT NOT NULL,                  -- ISO timestamp, service clock
  actor_user_id TEXT REFERENCES users(id),  -- NULL: the service itself (a filter sync)
  action TEXT NOT NULL,              -- contract setChangelogAction
  listing_ids TEXT,                  -- JSON array of the listings concerned, or NULL
  details TEXT NOT NULL              -- JSON object
);
CREATE INDEX IF NOT EXISTS set_changelog_set ON set_changelog(set_id, at);
`;
