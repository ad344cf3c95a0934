import { randomBytes } from "node:crypto";
import type { PreferenceChangelogEntry } from "../../lib/svc/schemas/listing-changelog";
import { isoTimestamp } from "../clock";
import type { SandboxContext } from "../context";
import { pageWindow, type PageQuery } from "../http";

export type ListingChangeAction = PreferenceChangelogEntry["action"];

export interface ListingChange {
  listingSvcId: string;
  action: ListingChangeAction;
  /** null when the service acted by itself (a pricing run, an automatic post). */
  actorUserId: string | null;
  details: Record<string, unknown>;
  /** Defaults to the service clock's now. */
  at?: string;
}

/**
 * Records one change against a listing. Every writer of listing state (preferences, custom
 * rates, syncs and posts, reservation imports) goes through here, so the changelog of
 * GET /preferences/{listing_id}/changelog is complete.
 */
export function recordListingChange(ctx: SandboxContext, change: ListingChange): string {
  const id = `lcg_${randomBytes(8).toString("hex")}`;
  ctx.db
    .prepare(
      `INSERT INTO listing_changelog (id, listing_svc_id, at, actor_user_id, action, details)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      change.listingSvcId,
      change.at ?? isoTimestamp(ctx.clock.now()),
      change.actorUserId,
      change.action,
      JSON.stringify(change.details),
    );
  return id;
}

/** A listing's changelog, newest first, as contract entries, with the total for paging. */
export function readListingChangelog(
  ctx: SandboxContext,
  listingSvcId: string,
  query: PageQuery,
): { entries: PreferenceChangelogEntry[]; total: number } {
  const page = pageWindow(query);
  const { n } = ctx.db
    .prepare(`SELECT COUNT(*) AS n FROM listing_changelog WHERE listing_svc_id = ?`)
    .get(listingSvcId) as { n: number };
  const rows = ctx.db
    .prepare(
      `SELECT c.id, c.at, c.action, c.details, u.id AS user_id, u.email
       FROM listing_changelog c LEFT JOIN users u ON u.id = c.actor_user_id
       WHERE c.listing_svc_id = ? ORDER BY c.at DESC, c.seq DESC LIMIT ? OFFSET ?`,
    )
    .all(listingSvcId, page.limit, page.offset) as Array<{
    id: string;
    at: string;
    action: ListingChangeAction;
    details: string;
    user_id: string | null;
    email: string | null;
  }>;
  return {
    total: n,
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at,
      actor: r.user_id && r.email ? { user_id: r.user_id, email: r.email } : null,
      action: r.action,
      details: JSON.parse(r.details) as Record<string, unknown>,
    })),
  };
}
