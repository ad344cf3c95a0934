import { createHash } from "node:crypto";
import { ApiError } from "../domain/api-error";
import { isoTimestamp } from "../clock";
import type { Caller, KeyRow, SandboxContext, UserRow } from "../context";
import { materialisePortfolio } from "../data/seed/portfolio/materialise";
import { PORTFOLIO_MANAGER } from "../data/seed/types";

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** docs/interface-decisions.md §1: `X-API-Key`; missing, unknown or revoked: 401. */
export function authenticate(ctx: SandboxContext, key: string | null): Caller {
  if (!key) throw new ApiError(401, "unauthorized", "Send your API key in the X-API-Key header.");
  const row = ctx.db
    .prepare(
      `SELECT token_id, user_id, name, kind, last4, created_at, last_used_at, revoked_at
       FROM api_keys WHERE key_hash = ?`,
    )
    .get(hashKey(key)) as KeyRow | undefined;
  if (!row || row.revoked_at) {
    throw new ApiError(401, "unauthorized", "This API key is not valid or has been revoked.");
  }
  const user = ctx.db
    .prepare(`SELECT id, email, first_name, last_name, persona, has_history_feature FROM users WHERE id = ?`)
    .get(row.user_id) as UserRow;
  // The portfolio manager's 1,500 listings are written the first time their key is used.
  if (user.persona === PORTFOLIO_MANAGER) materialisePortfolio(ctx.db);
  touchKey(ctx, row.token_id);
  return { user, key: row };
}

/** `last_used_at` is written at most once a minute per key, to keep reads cheap. */
function touchKey(ctx: SandboxContext, tokenId: string) {
  const now = ctx.clock.nowMs();
  const last = ctx.state.lastUsedWritten.get(tokenId) ?? 0;
  if (now - last < 60_000) return;
  ctx.state.lastUsedWritten.set(tokenId, now);
  ctx.db
    .prepare(`UPDATE api_keys SET last_used_at = ? WHERE token_id = ?`)
    .run(isoTimestamp(new Date(now)), tokenId);
}
