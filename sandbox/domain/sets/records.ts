import {
  CANDIDATE_RADIUS_KM_DEFAULT,
  type ListSetsQuery,
  type SetFilters,
  type SetRecord,
} from "../../../lib/svc/schemas/sets";
import type { SandboxContext } from "../../context";
import { boundingBoxMultiPolygon, circleMultiPolygon } from "../../data/seed/geo";
import { paginate } from "../../http";
import { setAccessOf, type SetAccess, type SetRow } from "./access";

/** Kind reported for a set stored without one; `kind=other` also matches those sets. */
export const OTHER_KIND = "other";

/**
 * Associated listings the user can see (owns, or reaches through listing access). GET
 * associated_listings answers these, and the record's count counts them, so both agree.
 */
export const VISIBLE_ASSOCIATED_SQL = `
  FROM set_associated_listings s JOIN listings l ON l.svc_id = s.listing_svc_id
  LEFT JOIN listing_access a ON a.listing_svc_id = l.svc_id AND a.user_id = @user
  WHERE s.set_id = @set AND (l.owner_user_id = @user OR a.user_id IS NOT NULL)`;

/** The set record (docs/interface-decisions.md §5) as one caller sees it. */
export function toSetRecord(ctx: SandboxContext, set: SetRow, access: SetAccess, userId: string): SetRecord {
  const { members } = ctx.db
    .prepare(`SELECT COUNT(*) AS members FROM set_members WHERE set_id = ?`)
    .get(set.id) as { members: number };
  const { associated } = ctx.db
    .prepare(`SELECT COUNT(*) AS associated ${VISIBLE_ASSOCIATED_SQL}`)
    .get({ set: set.id, user: userId }) as { associated: number };
  const record: SetRecord = {
    id: set.id,
    name: set.name,
    kind: set.kind ?? OTHER_KIND,
    is_paid: set.is_paid === 1,
    membership: set.membership,
    filters: set.filters ? (JSON.parse(set.filters) as SetFilters) : null,
    boundary: set.boundary ? (JSON.parse(set.boundary) as SetRecord["boundary"]) : null,
    owner_user_id: set.owner_user_id,
    access,
    member_count: members,
    associated_listing_count: associated,
    currency: set.currency,
    created_at: set.created_at,
    updated_at: set.updated_at,
  };
  if (access === "owner" || access === "M") {
    record.collaborators = ctx.db
      .prepare(
        `SELECT u.id AS user_id, u.email, s.level FROM set_shares s JOIN users u ON u.id = s.user_id
         WHERE s.set_id = ? ORDER BY u.email`,
      )
      .all(set.id) as NonNullable<SetRecord["collaborators"]>;
  }
  return record;
}

/** Reads a set row again after a write. */
export function loadSet(ctx: SandboxContext, setId: string): SetRow {
  return ctx.db.prepare(`SELECT * FROM sets WHERE id = ?`).get(setId) as SetRow;
}

/**
 * `*` matches any run of characters; without `*` the whole name must match. Every other
 * character is literal (`.`, `%`, `_`, brackets...), compared case-insensitively.
 */
export function namePattern(pattern: string): RegExp {
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
  return new RegExp(`^${pattern.split("*").map(literal).join(".*")}$`, "isu");
}

/** GET /sets: owned and shared sets, filtered (name AND kind), oldest first, paginated. */
export function listSets(
  ctx: SandboxContext,
  userId: string,
  query: ListSetsQuery,
): { items: SetRecord[]; total: number } {
  let sets = ctx.db
    .prepare(
      `SELECT * FROM sets WHERE owner_user_id = @user
         OR id IN (SELECT set_id FROM set_shares WHERE user_id = @user)
       ORDER BY created_at, id`,
    )
    .all({ user: userId }) as SetRow[];
  if (query.name !== undefined) {
    const pattern = namePattern(query.name);
    sets = sets.filter((s) => pattern.test(s.name));
  }
  if (query.kind !== undefined) {
    const kinds = new Set(query.kind);
    sets = sets.filter((s) => kinds.has(s.kind ?? OTHER_KIND));
  }
  const { items, total } = paginate(sets, query);
  return { items: items.map((s) => toSetRecord(ctx, s, setAccessOf(ctx, userId, s)!, userId)), total };
}

/**
 * The boundary a set reports: the filters' circle when they give a point, otherwise a box
 * around every member (all statuses); null for a set without members or point.
 */
export function boundaryFor(
  ctx: SandboxContext,
  setId: string,
  filters: SetFilters | null,
): SetRecord["boundary"] {
  if (filters?.latitude !== undefined && filters.longitude !== undefined) {
    return circleMultiPolygon(
      { lat: filters.latitude, lng: filters.longitude },
      filters.radius_km ?? CANDIDATE_RADIUS_KM_DEFAULT,
    );
  }
  const points = ctx.db
    .prepare(
      `SELECT c.latitude AS lat, c.longitude AS lng FROM set_members m
       JOIN market_listings c ON c.listing_id = m.listing_id WHERE m.set_id = ?`,
    )
    .all(setId) as Array<{ lat: number; lng: number }>;
  return points.length > 0 ? boundingBoxMultiPolygon(points) : null;
}

/** Recomputes the stored boundary after members changed. */
export function refreshBoundary(ctx: SandboxContext, set: SetRow): void {
  const filters = set.filters ? (JSON.parse(set.filters) as SetFilters) : null;
  const boundary = boundaryFor(ctx, set.id, filters);
  ctx.db
    .prepare(`UPDATE sets SET boundary = ? WHERE id = ?`)
    .run(boundary ? JSON.stringify(boundary) : null, set.id);
}
