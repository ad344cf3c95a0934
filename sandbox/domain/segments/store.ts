import { randomBytes } from "node:crypto";
import type { ListingAccessLevel } from "../../../lib/svc/schemas/listings";
import type {
  CreateSegmentBody,
  Segment,
  SegmentDefaultStatus,
  UpdateSegmentBody,
} from "../../../lib/svc/schemas/segments";
import { isoTimestamp } from "../../clock";
import type { Caller, SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { ApiError } from "../api-error";
import { accessibleListings } from "../listings";
import { matchesFilter, parseSegmentFilter, type SegmentFilter } from "./filter";

export interface SegmentRow {
  id: string;
  owner_user_id: string;
  name: string;
  description: string | null;
  filter_backend: string;
  default_status: SegmentDefaultStatus;
  created_at: string;
  updated_at: string;
}

export const newSegmentId = () => `seg_${randomBytes(8).toString("hex")}`;

/**
 * include_managed_listings defaults to true for API keys and to false for channel
 * integration keys (interface: segments).
 */
export function includeManagedDefault(caller: Caller, asked: boolean | undefined): boolean {
  return asked ?? caller.key.kind !== "channel_integration";
}

/**
 * The caller's own segment. Segments are private to the user who created them: another
 * user's segment, a team member's included, answers 404 like a missing one.
 */
export function findOwnSegment(ctx: SandboxContext, userId: string, segmentId: string): SegmentRow {
  const row = ctx.db
    .prepare(`SELECT * FROM segments WHERE id = ? AND owner_user_id = ?`)
    .get(segmentId, userId) as SegmentRow | undefined;
  if (!row) throw new ApiError(404, "segment_not_found", `No segment ${segmentId}.`);
  return row;
}

export const filterOf = (row: SegmentRow) => JSON.parse(row.filter_backend) as SegmentFilter;

/** The caller's listings the segment matches (ordered by svc_id), with the caller's level. */
export function matchedListings(
  ctx: SandboxContext,
  userId: string,
  row: SegmentRow,
  includeManaged: boolean,
): Array<{ row: ListingRow; access: ListingAccessLevel }> {
  const filter = filterOf(row);
  return accessibleListings(ctx, userId, includeManaged).filter((listing) =>
    matchesFilter(listing.row, filter),
  );
}

/** The segment record; `listing_count` is what GET /segments/{id}/listings answers by default. */
export function toSegment(ctx: SandboxContext, caller: Caller, row: SegmentRow): Segment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filter_backend: filterOf(row),
    default_status: row.default_status,
    listing_count: matchedListings(ctx, caller.user.id, row, includeManagedDefault(caller, undefined)).length,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The caller's segments, oldest first. */
export function listSegments(ctx: SandboxContext, userId: string): SegmentRow[] {
  return ctx.db
    .prepare(`SELECT * FROM segments WHERE owner_user_id = ? ORDER BY created_at, id`)
    .all(userId) as SegmentRow[];
}

export function createSegment(ctx: SandboxContext, userId: string, body: CreateSegmentBody): SegmentRow {
  // Checked before anything is written.
  const filter = parseSegmentFilter(ctx, body.filter_backend);
  const now = isoTimestamp(ctx.clock.now());
  const row: SegmentRow = {
    id: newSegmentId(),
    owner_user_id: userId,
    name: body.name,
    description: body.description ?? null,
    filter_backend: JSON.stringify(filter),
    default_status: body.default_status ?? "active",
    created_at: now,
    updated_at: now,
  };
  ctx.db
    .prepare(
      `INSERT INTO segments (id, owner_user_id, name, description, filter_backend, default_status, created_at, updated_at)
       VALUES (@id, @owner_user_id, @name, @description, @filter_backend, @default_status, @created_at, @updated_at)`,
    )
    .run(row);
  return row;
}

/** Applies the keys present in the body; absent keys stay as they are. */
export function updateSegment(
  ctx: SandboxContext,
  userId: string,
  segmentId: string,
  body: UpdateSegmentBody,
): SegmentRow {
  const current = findOwnSegment(ctx, userId, segmentId);
  const filter = body.filter_backend === undefined ? undefined : parseSegmentFilter(ctx, body.filter_backend);
  const next: SegmentRow = {
    ...current,
    name: body.name ?? current.name,
    description: body.description === undefined ? current.description : body.description,
    filter_backend: filter === undefined ? current.filter_backend : JSON.stringify(filter),
    default_status: body.default_status ?? current.default_status,
    updated_at: isoTimestamp(ctx.clock.now()),
  };
  ctx.db
    .prepare(
      `UPDATE segments SET name = @name, description = @description, filter_backend = @filter_backend,
         default_status = @default_status, updated_at = @updated_at
       WHERE id = @id`,
    )
    .run(next);
  return next;
}
