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
  if (!inMemory) db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.exec(SCHEMA_SQL);
  return db;
}

/** True once seedDatabase has run on this database (the meta row `seed` is present). */
export function isSeeded(db: Database.Database): boolean {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (!table) return false;
  return db.prepare("SELECT 1 FROM meta WHERE key = 'seed'").get() !== undefined;
}
