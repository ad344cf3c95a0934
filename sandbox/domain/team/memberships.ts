/** The member's side of a team (/teams/memberships): the teams they belong to or are invited to. */
import type { Membership } from "../../../lib/svc/schemas/team";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { dropMembership, grantOnOwnerListings, teamRow, type TeamRow } from "./store";

function toMembership(ctx: SandboxContext, row: TeamRow): Membership {
  const master = ctx.db.prepare(`SELECT email FROM users WHERE id = ?`).get(row.owner_user_id) as {
    email: string;
  };
  return { master_user_id: row.owner_user_id, email: master.email, level: row.level, status: row.status };
}

function requireMembership(ctx: SandboxContext, memberId: string, masterId: string): TeamRow {
  const row = teamRow(ctx, masterId, memberId);
  if (!row) throw new ApiError(404, "membership_not_found", `You are not in the team of ${masterId}.`);
  return row;
}

export function listMemberships(ctx: SandboxContext, memberId: string): Membership[] {
  const rows = ctx.db
    .prepare(`SELECT * FROM team_members WHERE member_user_id = ? ORDER BY created_at, owner_user_id`)
    .all(memberId) as TeamRow[];
  return rows.map((row) => toMembership(ctx, row));
}

/**
 * Accepting makes the member active and gives them their level on every listing the master
 * has now. Accepting an active membership changes nothing and answers it again.
 */
export function acceptMembership(ctx: SandboxContext, memberId: string, masterId: string): Membership {
  const row = requireMembership(ctx, memberId, masterId);
  if (row.status === "invited") {
    ctx.db.transaction(() => {
      ctx.db
        .prepare(`UPDATE team_members SET status = 'active' WHERE owner_user_id = ? AND member_user_id = ?`)
        .run(masterId, memberId);
      grantOnOwnerListings(ctx, masterId, memberId, row.level);
    })();
  }
  return toMembership(ctx, requireMembership(ctx, memberId, masterId));
}

export function leaveMembership(ctx: SandboxContext, memberId: string, masterId: string): void {
  requireMembership(ctx, memberId, masterId);
  dropMembership(ctx, masterId, memberId);
}
