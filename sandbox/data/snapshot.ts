import type Database from "better-sqlite3";

/**
 * The seeded world, kept once so that a reset restores it instead of seeding again. A reset
 * is what every browser test starts with, and copying the rows back costs a fraction of
 * generating them. The copy is only used while it is exactly what seeding would write now:
 * same seed, same service day and same minute (today's usage history runs up to the current
 * minute); otherwise the caller seeds again and keeps a new copy.
 *
 * The copy lives in an in-memory database attached to the service's own connection, so it
 * needs no file and goes when the connection closes. Unqualified names in the service's SQL
 * resolve to `main` first, so the copy is never read by mistake.
 */
export interface SeedSnapshot {
  /** Restores the copy taken under `key`; false when there is none for it (seed instead). */
  restore(db: Database.Database, key: string): boolean;
  keep(db: Database.Database, key: string): void;
}

const tablesOf = (db: Database.Database, schema: "main" | "snapshot") =>
  (
    db
      .prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .all() as Array<{ name: string }>
  ).map((row) => row.name);

export function seedSnapshot(): SeedSnapshot {
  let keptKey: string | null = null;
  return {
    restore(db, key) {
      if (keptKey !== key) return false;
      db.pragma("foreign_keys = OFF");
      try {
        db.transaction(() => {
          for (const name of tablesOf(db, "snapshot")) {
            db.exec(`DELETE FROM main."${name}"`);
            db.exec(`INSERT INTO main."${name}" SELECT * FROM snapshot."${name}"`);
          }
        })();
      } finally {
        db.pragma("foreign_keys = ON");
      }
      return true;
    },
    keep(db, key) {
      if (keptKey === null) db.exec(`ATTACH DATABASE ':memory:' AS snapshot`);
      db.transaction(() => {
        for (const name of tablesOf(db, "snapshot")) db.exec(`DROP TABLE snapshot."${name}"`);
        for (const name of tablesOf(db, "main"))
          db.exec(`CREATE TABLE snapshot."${name}" AS SELECT * FROM main."${name}"`);
      })();
      keptKey = key;
    },
  };
}
