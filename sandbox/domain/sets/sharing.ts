import type { ShareEntry, ShareLevel } from "../../../lib/svc/schemas/sets";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { requireSetAction, type SetAccess, type SetRow } from "./access";
import { recordSetChange } from "./changelog";

/** Entries one share call may carry; more is a 400 (the contract sets no cap). */
export const MAX_SHARES = 100;

type UserRef = { id: string; email: string };

/** The identifier an entry names the user by, as the caller wrote it. */
const named = (entry: ShareEntry): string => entry.user_id ?? entry.email!;

function findUser(ctx: SandboxContext, entry: ShareEntry): UserRef | undefined {
  return (
    entry.user_id !== undefined
      ? ctx.db.prepare(`SELECT id, email FROM users WHERE id = ?`).get(entry.user_id)
      : ctx.db.prepare(`SELECT id, email FROM users WHERE lower(email) = lower(?)`).get(entry.email)
  ) as UserRef | undefined;
}

/**
 * Every check of a share call, before anything is written: too many entries or the same
 * user twice (400 naming the field), unknown users (422 `unknown_users`), and entries naming
 * the owner or the caller (422 `invalid_share`: the owner's access cannot change, and a
 * collaborator cannot change their own level).
 */
function resolveShares(
  ctx: SandboxContext,
  set: SetRow,
  callerId: string,
  shares: readonly ShareEntry[],
): Array<{ user: UserRef; level: ShareLevel }> {
  const fieldError = (field: string, message: string) =>
    new ApiError(400, "invalid_body", `Invalid ${field}: ${message}.`, { fields: [{ field, message }] });
  if (shares.length > MAX_SHARES) throw fieldError("shares", `give at most ${MAX_SHARES} entries`);
  const resolved = shares.map((entry) => ({ entry, user: findUser(ctx, entry) }));
  const unknown = resolved.filter((r) => !r.user).map((r) => named(r.entry));
  if (unknown.length > 0) {
    throw new ApiError(422, "unknown_users", `No user ${unknown.join(", ")}.`, { users: unknown });
  }
  const seen = new Set<string>();
  resolved.forEach(({ user }, index) => {
    if (seen.has(user!.id)) throw fieldError(`shares.${index}`, "this user is already named in shares");
    seen.add(user!.id);
  });
  const invalid = resolved.filter(({ user }) => user!.id === set.owner_user_id || user!.id === callerId);
  if (invalid.length > 0) {
    throw new ApiError(
      422,
      "invalid_share",
      "A share cannot name the set's owner or yourself: the owner always has full access and nobody changes their own level.",
      { users: invalid.map((r) => named(r.entry)) },
    );
  }
  return resolved.map(({ user, entry }) => ({ user: user!, level: entry.level }));
}

/**
 * POST /sets/{set_id}/share (rule 3: owner or manager). Each user gets the level given,
 * replacing what they had; `N` removes their access. Unchanged levels record nothing.
 */
export function shareSet(
  ctx: SandboxContext,
  actor: { set: SetRow; access: SetAccess; userId: string },
  shares: readonly ShareEntry[],
): void {
  const { set, access, userId } = actor;
  requireSetAction(access, "manage");
  const planned = resolveShares(ctx, set, userId, shares);
  const levelOf = ctx.db.prepare(`SELECT level FROM set_shares WHERE set_id = ? AND user_id = ?`);
  const upsert = ctx.db.prepare(
    `INSERT INTO set_shares (set_id, user_id, level) VALUES (?, ?, ?)
     ON CONFLICT (set_id, user_id) DO UPDATE SET level = excluded.level`,
  );
  const revoke = ctx.db.prepare(`DELETE FROM set_shares WHERE set_id = ? AND user_id = ?`);
  ctx.db.transaction(() => {
    for (const { user, level } of planned) {
      const previous = (levelOf.get(set.id, user.id) as { level: ShareLevel } | undefined)?.level ?? "N";
      if (previous === level) continue;
      if (level === "N") revoke.run(set.id, user.id);
      else upsert.run(set.id, user.id, level);
      recordSetChange(ctx, {
        setId: set.id,
        action: "shared",
        actorUserId: userId,
        details: { user_id: user.id, email: user.email, level, previous_level: previous },
      });
    }
  })();
}

/**
 * POST /sets/{set_id}/upgrade: owner or manager, free sets only (paid: 409 `already_paid`).
 * The plan is charged to the set owner's account, whoever of its managers buys it.
 */
export function upgradeSet(
  ctx: SandboxContext,
  actor: { set: SetRow; access: SetAccess; userId: string },
): string {
  const { set, access, userId } = actor;
  requireSetAction(access, "manage");
  if (set.is_paid === 1)
    throw new ApiError(409, "already_paid", `Set ${set.id} is already on the paid plan.`);
  const billed = set.owner_user_id;
  ctx.db.transaction(() => {
    ctx.db.prepare(`UPDATE sets SET is_paid = 1, billed_user_id = ? WHERE id = ?`).run(billed, set.id);
    recordSetChange(ctx, {
      setId: set.id,
      action: "upgraded",
      actorUserId: userId,
      details: { billed_user_id: billed },
    });
  })();
  return billed;
}
