import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";

/**
 * The seeded world, kept once so that a reset restores it instead of seeding again. A reset
 * is what every browser test starts with, and copying the rows back costs a fraction of
 * generating them. The copy is only used while it is exactly what seeding would write now:
 * same seed, same service day and same minute (today's usage history runs up to the current
 * minute); otherwise the caller seeds again and keeps a new copy.
 */
export interface SeedSnapshot {
  /** Restores the copy taken under `key`; false when there is none for it (seed instead). */
  restore(db: Database.Database, key: string): boolean;
  keep(db: Database.Database, key: string): void;
  close(): void;
}

export function seedSnapshot(): SeedSnapshot {
  let dir: string | null = null;
  let kept: { key: string; file: string } | null = null;
  return {
    restore(db, key) {
      if (!kept || kept.key !== key) return false;
      db.prepare(`ATTACH DATABASE ? AS snapshot`).run(kept.file);
      try {
        const tables = db
          .prepare(`SELECT name FROM snapshot.sqlite_master WHERE type = 'table'`)
          .all() as Array<{ name: string }>;
        db.pragma("foreign_keys = OFF");
        db.transaction(() => {
          for (const { name } of tables) {
            db.exec(`DELETE FROM main."${name}"`);
            db.exec(`INSERT INTO main."${name}" SELECT * FROM snapshot."${name}"`);
          }
        })();
      } finally {
        db.pragma("foreign_keys = ON");
        db.exec(`DETACH DATABASE snapshot`);
      }
      return true;
    },
    keep(db, key) {
      dir ??= mkdtempSync(path.join(os.tmpdir(), "sandbox-seed-"));
      const file = path.join(dir, `seed-${Date.now()}.db`);
      db.prepare(`VACUUM INTO ?`).run(file);
      if (kept) rmSync(kept.file, { force: true });
      kept = { key, file };
    },
    close() {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = null;
      kept = null;
    },
  };
}
