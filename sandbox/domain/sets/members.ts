import type { KnownMemberStatus, MembersByStatus } from "../../../lib/svc/schemas/sets";
import type { SandboxContext } from "../../context";
import { requireSetAction, type SetAccess, type SetRow } from "./access";
import { requireEligible, toMemberListing, type CandidateRow } from "./candidates";
import { nowIso, recordSetChange } from "./changelog";
import { refreshBoundary } from "./records";

type MemberRow = CandidateRow & { status: KnownMemberStatus };

/** GET/PUT/DELETE /sets/{set_id}/listings: members under their status, all three keys. */
export function membersByStatus(ctx: SandboxContext, setId: string): MembersByStatus {
  const rows = ctx.db
    .prepare(
      `SELECT c.*, m.status FROM set_members m JOIN market_listings c ON c.listing_id = m.listing_id
       WHERE m.set_id = ? ORDER BY m.added_at, m.listing_id`,
    )
    .all(setId) as MemberRow[];
  const groups: MembersByStatus = { active: [], suggested: [], inactive: [] };
  for (const { status, ...row } of rows) groups[status].push(toMemberListing(row, status));
  return groups;
}

function currentStatuses(ctx: SandboxContext, setId: string): Map<string, KnownMemberStatus> {
  const rows = ctx.db
    .prepare(`SELECT listing_id, status FROM set_members WHERE set_id = ?`)
    .all(setId) as Array<{
    listing_id: string;
    status: KnownMemberStatus;
  }>;
  return new Map(rows.map((r) => [r.listing_id, r.status]));
}

/**
 * PUT /sets/{set_id}/listings, an upsert (rule 1): one membership per listing, taking the
 * requested status; an identical repeat changes nothing (updated_at and changelog included).
 * Changing the status of existing members needs `E` or above; adding a listing needs `F`
 * or above (rule 4); every listing must be an eligible candidate (rule 2).
 */
export function putMembers(
  ctx: SandboxContext,
  actor: { set: SetRow; access: SetAccess; userId: string },
  listingIds: readonly string[],
  status: KnownMemberStatus,
): void {
  const { set, access, userId } = actor;
  const before = currentStatuses(ctx, set.id);
  const added = listingIds.filter((id) => !before.has(id));
  requireSetAction(access, added.length > 0 ? "edit" : "change_status");
  requireEligible(ctx, listingIds);
  const changedFrom = new Map<KnownMemberStatus, string[]>();
  for (const id of listingIds) {
    const previous = before.get(id);
    if (previous !== undefined && previous !== status) {
      changedFrom.set(previous, [...(changedFrom.get(previous) ?? []), id]);
    }
  }
  if (added.length === 0 && changedFrom.size === 0) return;
  const now = nowIso(ctx);
  const insert = ctx.db.prepare(
    `INSERT INTO set_members (set_id, listing_id, status, added_at) VALUES (?, ?, ?, ?)`,
  );
  const update = ctx.db.prepare(`UPDATE set_members SET status = ? WHERE set_id = ? AND listing_id = ?`);
  ctx.db.transaction(() => {
    for (const id of added) insert.run(set.id, id, status, now);
    if (added.length > 0) {
      recordSetChange(ctx, {
        setId: set.id,
        action: "member_added",
        actorUserId: userId,
        listingIds: added,
        details: { status },
        at: now,
      });
      refreshBoundary(ctx, set);
    }
    for (const [from, ids] of changedFrom) {
      for (const id of ids) update.run(status, set.id, id);
      recordSetChange(ctx, {
        setId: set.id,
        action: "member_status_changed",
        actorUserId: userId,
        listingIds: ids,
        details: { from, to: status },
        at: now,
      });
    }
  })();
}

/**
 * DELETE /sets/{set_id}/listings (`F` or above). Ids that are not members are ignored, so a
 * retried DELETE answers the same state; a filter-based set's next sync may restore them.
 */
export function deleteMembers(
  ctx: SandboxContext,
  actor: { set: SetRow; access: SetAccess; userId: string },
  listingIds: readonly string[],
): void {
  const { set, access, userId } = actor;
  requireSetAction(access, "edit");
  const before = currentStatuses(ctx, set.id);
  const removed = listingIds.filter((id) => before.has(id));
  if (removed.length === 0) return;
  const remove = ctx.db.prepare(`DELETE FROM set_members WHERE set_id = ? AND listing_id = ?`);
  ctx.db.transaction(() => {
    for (const id of removed) remove.run(set.id, id);
    recordSetChange(ctx, {
      setId: set.id,
      action: "member_removed",
      actorUserId: userId,
      listingIds: removed,
      details: { statuses: Object.fromEntries(removed.map((id) => [id, before.get(id)])) },
    });
    refreshBoundary(ctx, set);
  })();
}
