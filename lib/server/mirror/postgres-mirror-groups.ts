import type { Pool, PoolClient } from "pg";
import { mirrorGroupOf, type GroupRow } from "@/lib/server/mirror/mirror-rows";
import type { MirrorGroup, MirrorStore } from "@/lib/server/mirror/mirror-store";

/**
 * The account's segments and sets on PostgreSQL (postgres-mirror.ts): a finished `groups` task
 * replaces them whole, inside the finish's transaction, so a group gone from the service (or
 * no longer shared) leaves with the next read.
 */
export async function writePostgresGroups(
  c: PoolClient,
  accountId: string,
  groups: readonly MirrorGroup[],
  readAt: Date,
) {
  await c.query("DELETE FROM mirror_groups WHERE account_id = $1", [accountId]);
  // One row per group; its listing ids are an array column, which unnest cannot take per row.
  for (const [seq, g] of groups.entries())
    await c.query(
      `INSERT INTO mirror_groups (account_id, kind, group_id, seq, name, listing_ids, body, read_at)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8) ON CONFLICT DO NOTHING`,
      [accountId, g.kind, g.id, seq, g.name, g.listingIds, JSON.stringify(g.body), readAt],
    );
}

export function postgresGroups(pool: Pool): Pick<MirrorStore, "groups"> {
  return {
    async groups(accountId) {
      const { rows } = await pool.query<GroupRow>(
        `SELECT kind, group_id, name, listing_ids, read_at FROM mirror_groups WHERE account_id = $1
         ORDER BY kind, seq`,
        [accountId],
      );
      return rows.map(mirrorGroupOf);
    },
  };
}
