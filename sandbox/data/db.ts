import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { SCHEMA_SQL } from "./schema";

function isInMemory(path: string): boolean {
  return path === ":memory:" || path === "" || path.startsWith("file::memory:");
}

/**
 * Opens (creating when needed) the reference service's SQLite database and applies the
 * schema. A file database gets its directory created and WAL journaling; every connection
 * enforces foreign keys.
 */
export function openDatabase(path: string): Database.Database {
  const inMemory = isInMemory(path);
  if (!inMemory && !path.startsWith("file:")) {
    mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const db = new Database(path);
  cachePreparedStatements(db);
  if (!inMemory) db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.exec(SCHEMA_SQL);
  return db;
}

/** Beyond this many distinct SQL texts the cache starts over (texts built with IN lists vary). */
const STATEMENT_CACHE_LIMIT = 1000;

/**
 * Makes `db.prepare(sql)` return one compiled statement per SQL text. Handlers prepare their
 * statements inline, where they read best; compiling them on every call was the largest
 * cost of a request (about a third of GET /listings). A cached statement is handed back with
 * its modes reset, so a `.raw()` or `.pluck()` set by one caller never leaks to the next.
 * (SQLite recompiles a cached statement by itself when the schema changes, as on reseed.)
 */
function cachePreparedStatements(db: Database.Database): void {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    const cached = cache.get(sql);
    if (cached && !cached.busy) {
      if (cached.reader) cached.raw(false).pluck(false).expand(false);
      return cached;
    }
    const statement = compile(sql);
    if (cached) return statement; // busy (an open iterator): a fresh one, not cached
    if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
    cache.set(sql, statement);
    return statement;
  }) as typeof db.prepare;
}

/** True once seedDatabase has run on this database (the meta row `seed` is present). */
export function isSeeded(db: Database.Database): boolean {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (!table) return false;
  return db.prepare("SELECT 1 FROM meta WHERE key = 'seed'").get() !== undefined;
}
