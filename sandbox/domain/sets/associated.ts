import type { ChannelParam } from "../../../lib/svc/schemas/common";
import type { Listing, ListingAccessLevel } from "../../../lib/svc/schemas/listings";
import type { SandboxContext } from "../../context";
import { resolveListing, type ListingRow } from "../access";
import { ApiError } from "../api-error";
import { toListing } from "../listings";
import { requireSetAction, type SetAccess, type SetRow } from "./access";
import { recordSetChange } from "./changelog";
import { VISIBLE_ASSOCIATED_SQL } from "./records";

type Actor = { set: SetRow; access: SetAccess; userId: string };

/**
 * Listing levels that may associate a listing with a set (Authentication 6 and 7): owners,
 * managers and editors. Viewers and restricted editors (barred since 2026-10-01, rule 7
 * exempts only owners, editors and managers) get 403.
 */
const MANAGE_LEVELS: ReadonlySet<ListingAccessLevel> = new Set(["owner", "manager", "editor"]);

/** GET /sets/{set_id}/associated_listings: the associated listings the caller can see. */
export function associatedListings(ctx: SandboxContext, setId: string, userId: string): Listing[] {
  const rows = ctx.db
    .prepare(
      `SELECT l.*, CASE WHEN l.owner_user_id = @user THEN 'owner' ELSE a.level END AS access
       ${VISIBLE_ASSOCIATED_SQL} ORDER BY CAST(l.svc_id AS INTEGER)`,
    )
    .all({ set: setId, user: userId }) as Array<ListingRow & { access: ListingAccessLevel }>;
  return rows.map(({ access, ...row }) => toListing(ctx, row as ListingRow, access));
}

/** Resolves every id per the channel rule (403/404) before anything is written; distinct svc ids. */
function resolveAll(
  ctx: SandboxContext,
  userId: string,
  listingIds: readonly string[],
  channel: ChannelParam,
  requireManage: boolean,
): string[] {
  const svcIds = new Set<string>();
  for (const id of listingIds) {
    const { listing, access } = resolveListing(ctx, userId, id, channel);
    if (requireManage && !MANAGE_LEVELS.has(access)) {
      throw new ApiError(
        403,
        "forbidden",
        `Associating listing ${id} with a set needs manage access to it; you are its ${access.replace("_", " ")}.`,
      );
    }
    svcIds.add(listing.svc_id);
  }
  return [...svcIds];
}

function associatedIds(ctx: SandboxContext, setId: string): Set<string> {
  const rows = ctx.db
    .prepare(`SELECT listing_svc_id FROM set_associated_listings WHERE set_id = ?`)
    .all(setId) as Array<{ listing_svc_id: string }>;
  return new Set(rows.map((r) => r.listing_svc_id));
}

/** PUT: set edit access (owner, M, F) and manage access to each listing; already associated: kept. */
export function associateListings(
  ctx: SandboxContext,
  { set, access, userId }: Actor,
  listingIds: readonly string[],
  channel: ChannelParam,
): void {
  requireSetAction(access, "edit");
  const svcIds = resolveAll(ctx, userId, listingIds, channel, true);
  const existing = associatedIds(ctx, set.id);
  const added = svcIds.filter((id) => !existing.has(id));
  if (added.length === 0) return;
  const insert = ctx.db.prepare(
    `INSERT INTO set_associated_listings (set_id, listing_svc_id, added_by_user_id) VALUES (?, ?, ?)`,
  );
  ctx.db.transaction(() => {
    for (const id of added) insert.run(set.id, id, userId);
    recordSetChange(ctx, {
      setId: set.id,
      action: "associated_listing_added",
      actorUserId: userId,
      listingIds: added,
    });
  })();
}

/** DELETE: set edit access only; listings not associated are ignored. */
export function dissociateListings(
  ctx: SandboxContext,
  { set, access, userId }: Actor,
  listingIds: readonly string[],
  channel: ChannelParam,
): void {
  requireSetAction(access, "edit");
  const svcIds = resolveAll(ctx, userId, listingIds, channel, false);
  const existing = associatedIds(ctx, set.id);
  const removed = svcIds.filter((id) => existing.has(id));
  if (removed.length === 0) return;
  const remove = ctx.db.prepare(
    `DELETE FROM set_associated_listings WHERE set_id = ? AND listing_svc_id = ?`,
  );
  ctx.db.transaction(() => {
    for (const id of removed) remove.run(set.id, id);
    recordSetChange(ctx, {
      setId: set.id,
      action: "associated_listing_removed",
      actorUserId: userId,
      listingIds: removed,
    });
  })();
}
