import { randomBytes } from "node:crypto";
import type { SetChangelogEntry } from "../../../lib/svc/schemas/set-analytics";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { pageWindow, type PageQuery } from "../../http";

export type SetChangeAction = SetChangelogEntry["action"];

export interface SetChange {
  setId: string;
  action: SetChangeAction;
  /** null when the service acted by itself (a filter sync). */
  actorUserId: string | null;
  listingIds?: readonly string[];
  details?: Record<string, unknown>;
  /** Defaults to the service clock's now. */
  at?: string;
}

/** The service clock's now as the interface writes timestamps. */
export const nowIso = (ctx: SandboxContext): string => isoTimestamp(ctx.clock.now());

/**
 * Records one change to a set and moves its `updated_at`. Every writer of set state goes
 * through here, so the changelog is complete and `updated_at` always matches its newest entry.
 * Call it inside the writer's transaction.
 */
export function recordSetChange(ctx: SandboxContext, change: SetChange): void {
  const at = change.at ?? nowIso(ctx);
  ctx.db
    .prepare(
      `INSERT INTO set_changelog (id, set_id, at, actor_user_id, action, listing_ids, details)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      `scl_${randomBytes(8).toString("hex")}`,
      change.setId,
      at,
      change.actorUserId,
      change.action,
      change.listingIds ? JSON.stringify(change.listingIds) : null,
      JSON.stringify(change.details ?? {}),
    );
  ctx.db.prepare(`UPDATE sets SET updated_at = ? WHERE id = ?`).run(at, change.setId);
}

type ChangelogRow = {
  id: string;
  at: string;
  action: SetChangeAction;
  listing_ids: string | null;
  details: string;
  user_id: string | null;
  email: string | null;
};

/** A set's changelog, newest first, as contract entries, with the total for paging. */
export function readSetChangelog(
  ctx: SandboxContext,
  setId: string,
  query: PageQuery,
): { entries: SetChangelogEntry[]; total: number } {
  const page = pageWindow(query);
  const { n } = ctx.db.prepare(`SELECT COUNT(*) AS n FROM set_changelog WHERE set_id = ?`).get(setId) as {
    n: number;
  };
  const rows = ctx.db
    .prepare(
      `SELECT c.id, c.at, c.action, c.listing_ids, c.details, u.id AS user_id, u.email
       FROM set_changelog c LEFT JOIN users u ON u.id = c.actor_user_id
       WHERE c.set_id = ? ORDER BY c.at DESC, c.seq DESC LIMIT ? OFFSET ?`,
    )
    .all(setId, page.limit, page.offset) as ChangelogRow[];
  return {
    total: n,
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at,
      actor: r.user_id && r.email ? { user_id: r.user_id, email: r.email } : null,
      action: r.action,
      ...(r.listing_ids ? { listing_ids: JSON.parse(r.listing_ids) as string[] } : {}),
      details: JSON.parse(r.details) as Record<string, unknown>,
    })),
  };
}
