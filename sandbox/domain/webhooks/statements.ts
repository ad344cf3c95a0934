import type Database from "better-sqlite3";

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * A prepared statement, prepared once per database connection. The engine's hot path runs
 * a handful of statements per delivery; SQLite re-prepares them itself after a reset drops
 * and re-creates the tables.
 */
export function statement(db: Database.Database, sql: string): Database.Statement {
  let byText = cache.get(db);
  if (!byText) cache.set(db, (byText = new Map()));
  let stmt = byText.get(sql);
  if (!stmt) byText.set(sql, (stmt = db.prepare(sql)));
  return stmt;
}
