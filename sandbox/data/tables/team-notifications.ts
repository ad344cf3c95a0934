/**
 * Tables of the team and notifications groups, appended to the core schema (see ../schema.ts).
 * Team membership itself and the access it grants stay in the core `team_members` and
 * `listing_access` tables; these hold what only this group reads.
 */
export const TABLES_SQL = `
-- Per team member: the level given automatically on the owner's listings (NULL: none).
CREATE TABLE IF NOT EXISTS team_member_settings (
  owner_user_id TEXT NOT NULL REFERENCES users(id),
  member_user_id TEXT NOT NULL REFERENCES users(id),
  auto_managed_listing_level TEXT CHECK (auto_managed_listing_level IN ('manager','editor','restricted_editor','viewer')),
  PRIMARY KEY (owner_user_id, member_user_id)
);

-- Segments of the owner assigned to a team member (segment ids of the segments table).
CREATE TABLE IF NOT EXISTS team_member_segments (
  owner_user_id TEXT NOT NULL REFERENCES users(id),
  member_user_id TEXT NOT NULL REFERENCES users(id),
  segment_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (owner_user_id, member_user_id, segment_id)
);

CREATE TABLE IF NOT EXISTS notifications (
  seq INTEGER PRIMARY KEY,           -- insertion order; ties on created_at read newest seq first
  id TEXT NOT NULL UNIQUE,           -- ntf_…
  user_id TEXT NOT NULL REFERENCES users(id),
  event TEXT NOT NULL,
  title TEXT NOT NULL,
  message TEXT NOT NULL,
  listing_svc_id TEXT REFERENCES listings(svc_id),
  created_at TEXT NOT NULL,
  dismissed_at TEXT
);
CREATE INDEX IF NOT EXISTS notifications_user ON notifications(user_id, created_at);

-- Only switches a user changed; every other event reads its catalogue default.
CREATE TABLE IF NOT EXISTS notification_settings (
  user_id TEXT NOT NULL REFERENCES users(id),
  event TEXT NOT NULL,
  in_app INTEGER NOT NULL,
  email INTEGER NOT NULL,
  PRIMARY KEY (user_id, event)
);
`;
