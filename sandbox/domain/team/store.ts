/**
 * Reading and changing one team membership row (`team_members`) with this group's extras
 * (auto-managed level, assigned segments). Both sides of the team use it: the owner's
 * /teams/members endpoints and the member's /teams/memberships endpoints.
 */
import type { TeamLevel, TeamMember, TeamStatus } from "../../../lib/svc/schemas/team";
import type { SandboxContext } from "../../context";

export interface TeamRow {
  owner_user_id: string;
  member_user_id: string;
  level: TeamLevel;
  status: TeamStatus;
  created_at: string;
}

export function teamRow(ctx: SandboxContext, ownerId: string, memberId: string): TeamRow | undefined {
  return ctx.db
    .prepare(`SELECT * FROM team_members WHERE owner_user_id = ? AND member_user_id = ?`)
    .get(ownerId, memberId) as TeamRow | undefined;
}

/** The member as the contract's team member object. */
export function toTeamMember(ctx: SandboxContext, row: TeamRow): TeamMember {
  const user = ctx.db
    .prepare(`SELECT email, first_name, last_name FROM users WHERE id = ?`)
    .get(row.member_user_id) as { email: string; first_name: string | null; last_name: string | null };
  const settings = ctx.db
    .prepare(
      `SELECT auto_managed_listing_level AS level FROM team_member_settings
       WHERE owner_user_id = ? AND member_user_id = ?`,
    )
    .get(row.owner_user_id, row.member_user_id) as { level: TeamLevel | null } | undefined;
  const segments = ctx.db
    .prepare(
      `SELECT segment_id FROM team_member_segments WHERE owner_user_id = ? AND member_user_id = ?
       ORDER BY position`,
    )
    .all(row.owner_user_id, row.member_user_id) as Array<{ segment_id: string }>;
  return {
    user_id: row.member_user_id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    level: row.level,
    status: row.status,
    auto_managed_listing_level: settings?.level ?? null,
    assigned_segment_ids: segments.map((s) => s.segment_id),
  };
}

/** Gives the member `level` on every listing the owner has now (replacing what they had); answers how many. */
export function grantOnOwnerListings(
  ctx: SandboxContext,
  ownerId: string,
  memberId: string,
  level: TeamLevel,
): number {
  ctx.db
    .prepare(
      `INSERT INTO listing_access (listing_svc_id, user_id, level)
       SELECT svc_id, @member, @level FROM listings WHERE owner_user_id = @owner
       ON CONFLICT (listing_svc_id, user_id) DO UPDATE SET level = excluded.level`,
    )
    .run({ owner: ownerId, member: memberId, level });
  const reached = ctx.db
    .prepare(
      `SELECT count(*) AS n FROM listing_access a JOIN listings l ON l.svc_id = a.listing_svc_id
       WHERE l.owner_user_id = ? AND a.user_id = ? AND a.level = ?`,
    )
    .get(ownerId, memberId, level) as { n: number };
  return reached.n;
}

/**
 * Ends a membership (removal by the owner, leaving, declining): the row, its extras and the
 * member's access to the owner's listings go together, in one transaction.
 */
export function dropMembership(ctx: SandboxContext, ownerId: string, memberId: string): void {
  ctx.db.transaction(() => {
    ctx.db
      .prepare(
        `DELETE FROM listing_access WHERE user_id = ?
         AND listing_svc_id IN (SELECT svc_id FROM listings WHERE owner_user_id = ?)`,
      )
      .run(memberId, ownerId);
    for (const table of ["team_member_settings", "team_member_segments", "team_members"]) {
      ctx.db
        .prepare(`DELETE FROM ${table} WHERE owner_user_id = ? AND member_user_id = ?`)
        .run(ownerId, memberId);
    }
  })();
}
