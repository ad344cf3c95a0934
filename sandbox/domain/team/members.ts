/**
 * The owner's side of a team (/teams/members): every account owns one team; only its owner
 * manages it. A fellow member (a manager included) asking about a member gets 403; a user
 * in no team the caller belongs to or owns gets 404.
 */
import { randomBytes } from "node:crypto";
import type {
  InviteMemberBody,
  RefreshAutoManagedListingsResult,
  TeamLevel,
  TeamMember,
} from "../../../lib/svc/schemas/team";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { notifyUser } from "../notifications/store";
import { grantOnOwnerListings, teamRow, toTeamMember, type TeamRow } from "./store";

/** Longest email address (RFC 5321 path limit). */
const EMAIL_MAX = 254;

export function listTeam(ctx: SandboxContext, ownerId: string): TeamMember[] {
  const rows = ctx.db
    .prepare(`SELECT * FROM team_members WHERE owner_user_id = ? ORDER BY created_at, member_user_id`)
    .all(ownerId) as TeamRow[];
  return rows.map((row) => toTeamMember(ctx, row));
}

/** The caller's own member `subUserId`, or 403 (a fellow member's) / 404 (anyone else). */
export function resolveSubUser(ctx: SandboxContext, callerId: string, subUserId: string): TeamRow {
  const row = teamRow(ctx, callerId, subUserId);
  if (row) return row;
  const fellow = ctx.db
    .prepare(
      `SELECT 1 FROM team_members mine JOIN team_members theirs ON theirs.owner_user_id = mine.owner_user_id
       WHERE mine.member_user_id = ? AND mine.status = 'active' AND theirs.member_user_id = ?`,
    )
    .get(callerId, subUserId);
  if (fellow) {
    throw new ApiError(403, "forbidden", "Only the team's owner manages its members.");
  }
  throw new ApiError(404, "member_not_found", `No member ${subUserId} in your team.`);
}

export function inviteMember(ctx: SandboxContext, ownerId: string, body: InviteMemberBody): TeamMember {
  if (body.email.length > EMAIL_MAX) {
    throw new ApiError(400, "invalid_body", `Invalid email: at most ${EMAIL_MAX} characters.`, {
      fields: [{ field: "email", message: `at most ${EMAIL_MAX} characters` }],
    });
  }
  const existing = ctx.db.prepare(`SELECT id FROM users WHERE lower(email) = lower(?)`).get(body.email) as
    { id: string } | undefined;
  if (existing?.id === ownerId) {
    throw new ApiError(422, "cannot_invite_self", "You own this team; invite someone else.");
  }
  if (existing) {
    const row = teamRow(ctx, ownerId, existing.id);
    if (row) {
      throw new ApiError(409, "already_member", `${body.email} is already in your team (${row.status}).`, {
        user_id: existing.id,
        status: row.status,
      });
    }
  }
  const now = isoTimestamp(ctx.clock.now());
  const memberId = existing?.id ?? `usr_${randomBytes(6).toString("hex")}`;
  ctx.db.transaction(() => {
    if (!existing) {
      ctx.db
        .prepare(
          `INSERT INTO users (id, email, first_name, last_name, created_at) VALUES (?, ?, NULL, NULL, ?)`,
        )
        .run(memberId, body.email.toLowerCase(), now);
    }
    ctx.db
      .prepare(
        `INSERT INTO team_members (owner_user_id, member_user_id, level, status, created_at)
         VALUES (?, ?, ?, 'invited', ?)`,
      )
      .run(ownerId, memberId, body.level, now);
    const owner = ctx.db.prepare(`SELECT email FROM users WHERE id = ?`).get(ownerId) as { email: string };
    notifyUser(ctx, memberId, {
      event: "team.invitation",
      message: `${owner.email} invited you to their team as ${body.level}. Accept it under Teams.`,
    });
  })();
  return toTeamMember(ctx, teamRow(ctx, ownerId, memberId)!);
}

export function setAutoManagedLevel(ctx: SandboxContext, row: TeamRow, level: TeamLevel | null): TeamMember {
  ctx.db
    .prepare(
      `INSERT INTO team_member_settings (owner_user_id, member_user_id, auto_managed_listing_level)
       VALUES (?, ?, ?)
       ON CONFLICT (owner_user_id, member_user_id) DO UPDATE SET auto_managed_listing_level = excluded.auto_managed_listing_level`,
    )
    .run(row.owner_user_id, row.member_user_id, level);
  return toTeamMember(ctx, row);
}

/** The owner's segment ids among `ids`; the segments table belongs to another group. */
function ownedSegmentIds(ctx: SandboxContext, ownerId: string, ids: string[]): Set<string> {
  const table = ctx.db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'segments'`)
    .get();
  if (!table || ids.length === 0) return new Set();
  const rows = ctx.db
    .prepare(`SELECT id FROM segments WHERE owner_user_id = ? AND id IN (${ids.map(() => "?").join(", ")})`)
    .all(ownerId, ...ids) as Array<{ id: string }>;
  return new Set(rows.map((r) => r.id));
}

/** Replaces the member's segments; every id must be one of the owner's segments (else 400). */
export function assignSegments(ctx: SandboxContext, row: TeamRow, segmentIds: string[]): TeamMember {
  const owned = ownedSegmentIds(ctx, row.owner_user_id, segmentIds);
  const unknown = segmentIds.flatMap((id, i) => (owned.has(id) ? [] : [{ id, i }]));
  if (unknown.length > 0) {
    throw new ApiError(
      400,
      "invalid_body",
      `Unknown segment ${unknown.map((u) => u.id).join(", ")}: assign segments of your own.`,
      {
        fields: unknown.map((u) => ({ field: `segment_ids.${u.i}`, message: `no segment ${u.id} of yours` })),
        segment_ids: unknown.map((u) => u.id),
      },
    );
  }
  ctx.db.transaction(() => {
    ctx.db
      .prepare(`DELETE FROM team_member_segments WHERE owner_user_id = ? AND member_user_id = ?`)
      .run(row.owner_user_id, row.member_user_id);
    const insert = ctx.db.prepare(
      `INSERT INTO team_member_segments (owner_user_id, member_user_id, segment_id, position) VALUES (?, ?, ?, ?)`,
    );
    segmentIds.forEach((id, position) => insert.run(row.owner_user_id, row.member_user_id, id, position));
  })();
  return toTeamMember(ctx, row);
}

/**
 * Gives the member their auto-managed level on every listing the owner has now. An invited
 * member has no access yet (409); a member without an auto-managed level keeps what they have.
 */
export function refreshAutoManaged(ctx: SandboxContext, row: TeamRow): RefreshAutoManagedListingsResult {
  if (row.status !== "active") {
    throw new ApiError(409, "member_not_active", "The member has not accepted the invitation yet.");
  }
  const { auto_managed_listing_level: level } = toTeamMember(ctx, row);
  const listingCount =
    level === null
      ? 0
      : ctx.db.transaction(() => grantOnOwnerListings(ctx, row.owner_user_id, row.member_user_id, level))();
  return {
    user_id: row.member_user_id,
    listing_count: listingCount,
    refreshed_at: isoTimestamp(ctx.clock.now()),
  };
}
