/**
 * Tables of the segments group, appended to the core schema (see ../schema.ts).
 * A segment is a saved filter over its owner's listings; `filter_backend` holds the JSON
 * object of domain/segments/filter.ts. Team endpoints look segments up by id and owner.
 */
export const TABLES_SQL = `
CREATE TABLE IF NOT EXISTS segments (
  id TEXT PRIMARY KEY,               -- seg_…
  owner_user_id TEXT NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  description TEXT,
  filter_backend TEXT NOT NULL,      -- JSON object, keys of domain/segments/filter.ts
  default_status TEXT NOT NULL CHECK (default_status IN ('active','inactive')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS segments_owner ON segments(owner_user_id, created_at);
`;
