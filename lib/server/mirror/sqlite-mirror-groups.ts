import type Database from "better-sqlite3";
import { mirrorGroupOf, type GroupRow } from "@/lib/server/mirror/mirror-rows";
import type { MirrorGroup, MirrorStore } from "@/lib/server/mirror/mirror-store";

/**
 * The account's segments and sets on SQLite (sqlite-mirror.ts): a finished `groups` task
 * replaces them whole, inside the finish's transaction, so a group gone from the service (or
 * no longer shared) leaves with the next read.
 */
export function writeSqliteGroups(
  db: Database.Database,
  accountId: string,
  groups: readonly MirrorGroup[],
  readAt: string,
) {
  db.prepare("DELETE FROM mirror_groups WHERE account_id = ?").run(accountId);
  const insert = db.prepare(
    `INSERT OR REPLACE INTO mirror_groups (account_id, kind, group_id, seq, name, listing_ids, body, read_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  groups.forEach((g, seq) =>
    insert.run(
      accountId,
      g.kind,
      g.id,
      seq,
      g.name,
      JSON.stringify(g.listingIds),
      JSON.stringify(g.body),
      readAt,
    ),
  );
}

export function sqliteGroups(db: Database.Database): Pick<MirrorStore, "groups"> {
  return {
    async groups(accountId) {
      return db
        .prepare<[string], GroupRow>(
          `SELECT kind, group_id, name, listing_ids, read_at FROM mirror_groups WHERE account_id = ?
           ORDER BY kind, seq`,
        )
        .all(accountId)
        .map(mirrorGroupOf);
    },
  };
}
