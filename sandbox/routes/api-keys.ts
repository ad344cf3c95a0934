import { randomBytes } from "node:crypto";
import { ACTIVE_KEY_LIMIT, type ApiKey } from "../../lib/svc/schemas/api-keys";
import { isoTimestamp } from "../clock";
import type { KeyRow, RouteTable, SandboxContext } from "../context";
import { ApiError } from "../domain/api-error";
import { hashKey } from "../middleware/auth";

const toApiKey = (row: KeyRow): ApiKey => ({
  token_id: row.token_id,
  name: row.name,
  kind: row.kind,
  last4: row.last4,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
});

const keyColumns = `token_id, user_id, name, kind, last4, created_at, last_used_at, revoked_at`;

function keysOf(ctx: SandboxContext, userId: string): KeyRow[] {
  return ctx.db
    .prepare(`SELECT ${keyColumns} FROM api_keys WHERE user_id = ? ORDER BY created_at, token_id`)
    .all(userId) as KeyRow[];
}

/** docs/interface-decisions.md §2: key management, five active keys a user (assistant keys not counted). */
export const apiKeyRoutes: RouteTable = {
  "apiKeys.list": ({ ctx, caller }) => ({ body: keysOf(ctx, caller.user.id).map(toApiKey) }),

  "apiKeys.create": ({ ctx, caller, body }) => {
    const active = keysOf(ctx, caller.user.id).filter(
      (k) => k.revoked_at === null && k.kind !== "assistant",
    ).length;
    if (active >= ACTIVE_KEY_LIMIT) {
      throw new ApiError(
        422,
        "key_limit_reached",
        `You already hold ${active} active API keys; revoke one before creating another (limit ${ACTIVE_KEY_LIMIT}).`,
        { limit: ACTIVE_KEY_LIMIT, active },
      );
    }
    const key = `sk_live_${randomBytes(16).toString("hex")}`;
    const row: KeyRow = {
      token_id: `tok_${randomBytes(8).toString("hex")}`,
      user_id: caller.user.id,
      name: body.name,
      kind: body.read_only ? "read_only" : "standard",
      last4: key.slice(-4),
      created_at: isoTimestamp(ctx.clock.now()),
      last_used_at: null,
      revoked_at: null,
    };
    ctx.db
      .prepare(
        `INSERT INTO api_keys (token_id, user_id, name, kind, key_hash, last4, created_at)
         VALUES (@token_id, @user_id, @name, @kind, @key_hash, @last4, @created_at)`,
      )
      .run({ ...row, key_hash: hashKey(key) });
    return { body: { ...toApiKey(row), key }, status: 201 };
  },

  "apiKeys.revoke": ({ ctx, caller, params }) => {
    const row = keysOf(ctx, caller.user.id).find((k) => k.token_id === params.token_id);
    if (!row) throw new ApiError(404, "key_not_found", `No API key ${params.token_id} on your account.`);
    if (!row.revoked_at) {
      row.revoked_at = isoTimestamp(ctx.clock.now());
      ctx.db
        .prepare(`UPDATE api_keys SET revoked_at = ? WHERE token_id = ?`)
        .run(row.revoked_at, row.token_id);
    }
    return { body: toApiKey(row) };
  },
};
