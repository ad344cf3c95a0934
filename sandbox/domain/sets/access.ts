import type { SandboxContext } from "../../context";
import type { SetRow } from "../../data/seed/types";
import { ApiError } from "../api-error";

/** A `sets` row, as the seed writes it (schema.ts). */
export type { SetRow };

/** The caller's access to a set: its owner, or the level it was shared with (docs/interface-decisions.md §2). */
export type SetAccess = "owner" | "M" | "F" | "E" | "R";

/**
 * What a level may do. `R` reads; `E` may change the status of existing members only; `F`
 * also adds and removes members and edits associated listings; `M` and the owner also share
 * and upgrade (docs/interface.md, Dynamic sets rules 3 and 4; docs/interface-decisions.md §2).
 */
export type SetAction = "read" | "change_status" | "edit" | "manage";

const ALLOWED: Readonly<Record<SetAction, readonly SetAccess[]>> = {
  read: ["owner", "M", "F", "E", "R"],
  change_status: ["owner", "M", "F", "E"],
  edit: ["owner", "M", "F"],
  manage: ["owner", "M"],
};

/** One answer for a set that does not exist, one the caller cannot see, and a paid-only
 * endpoint on a free set (docs/interface.md, What the service does 5: they cannot be told apart). */
export function setNotFound(): ApiError {
  return new ApiError(404, "set_not_found", "No such set, or none you can see.");
}

export function setAccessOf(ctx: SandboxContext, userId: string, set: SetRow): SetAccess | null {
  if (set.owner_user_id === userId) return "owner";
  const share = ctx.db
    .prepare(`SELECT level FROM set_shares WHERE set_id = ? AND user_id = ?`)
    .get(set.id, userId) as { level: Exclude<SetAccess, "owner"> } | undefined;
  return share?.level ?? null;
}

/**
 * The set the caller named, with their access. Missing, not shared with the caller, or (for a
 * paid-only endpoint) free: the same 404 with the same body.
 */
export function resolveSet(
  ctx: SandboxContext,
  userId: string,
  setId: string,
  options: { paidOnly?: boolean } = {},
): { set: SetRow; access: SetAccess } {
  const set = ctx.db.prepare(`SELECT * FROM sets WHERE id = ?`).get(setId) as SetRow | undefined;
  if (!set) throw setNotFound();
  const access = setAccessOf(ctx, userId, set);
  if (!access) throw setNotFound();
  if (options.paidOnly && set.is_paid !== 1) throw setNotFound();
  return { set, access };
}

const REFUSALS: Readonly<Record<Exclude<SetAction, "read">, string>> = {
  change_status: "Viewers cannot change a set's members.",
  edit: "Adding or removing members and associated listings needs editor or manager access to the set.",
  manage: "Only the set's owner or a manager can do this.",
};

/** 403 unless the access level allows the action. */
export function requireSetAction(access: SetAccess, action: SetAction): void {
  if (ALLOWED[action].includes(access)) return;
  throw new ApiError(403, "forbidden", action === "read" ? "No access to this set." : REFUSALS[action]);
}
