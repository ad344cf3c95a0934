/**
 * Tables of the usage group, appended to the core schema (see ../schema.ts): every answered
 * request is recorded (domain/usage/recorder.ts) and read only by GET /usage.
 */
export const TABLES_SQL = `
-- Every request the service answered (GET /usage reads these).
CREATE TABLE IF NOT EXISTS usage_requests (
  id INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL,            -- service clock, unix milliseconds
  token_id TEXT,                     -- NULL when the request carried no valid key
  user_id TEXT,
  method TEXT NOT NULL,
  route TEXT,                        -- the contract path pattern that served it; NULL if none matched
  status INTEGER NOT NULL,
  latency_ms REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS usage_requests_user_at ON usage_requests(user_id, at_ms);
`;
