import { randomBytes } from "node:crypto";
import {
  WEBHOOK_SUBSCRIPTION_LIMIT,
  type WebhookEventType,
  type WebhookEventTypeInfo,
  type WebhookSubscription,
  type WebhookSubscriptionWithSecret,
} from "../../../lib/svc/schemas/webhooks";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import {
  REFUSED_CLASS_WORDS,
  refusalSentence,
  refusedAddress,
  systemResolver,
  type HostResolver,
} from "./endpoint-address";

/** A row of webhook_subscriptions. */
export interface SubscriptionRow {
  id: string;
  user_id: string;
  url: string;
  event_types: string; // JSON array
  secret: string;
  status: "enabled" | "disabled";
  disabled_reason: "repeated_failures" | null;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

/** GET /webhook_events: what can be subscribed to (docs/interface.md, Events). */
export const EVENT_TYPE_INFO: WebhookEventTypeInfo[] = [
  {
    type: "recommendations.updated",
    description:
      "A market's nightly pricing run completed (every active listing of the market is named, with market_id), or rates were posted for one listing.",
  },
  {
    type: "reservations.ingested",
    description:
      "A reservation arrived, was amended, cancelled or removed. Only listings whose own reservations changed are named.",
  },
  {
    type: "flags.detected",
    description: "A listing gained a flag it did not have. Re-read GET /listings/{listing_id}/flags.",
  },
];

/** The subscription as read back: never the secret. */
export function toSubscription(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    event_types: JSON.parse(row.event_types) as WebhookEventType[],
    status: row.status,
    disabled_reason: row.disabled_reason,
    consecutive_failures: row.consecutive_failures,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** POST /webhooks and rotate_secret only. */
export const withSecret = (row: SubscriptionRow): WebhookSubscriptionWithSecret => ({
  ...toSubscription(row),
  secret: row.secret,
});

export const newSecret = () => `whsec_${randomBytes(32).toString("hex")}`;
export const newSubscriptionId = () => `whk_${randomBytes(8).toString("hex")}`;

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** 127.0.0.0/8, ::1 and localhost: where the reference service also accepts plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host === "[::1]" || host === "::1" || LOOPBACK_V4.test(host);
}

/**
 * docs/interface-decisions.md §6: https only, except http to a loopback host (reference service
 * only, for local development). Credentials in the URL are refused: they would travel in
 * clear in every delivery and fetch refuses them anyway. The host must not be (or resolve
 * to) a private, link-local, unique-local or metadata address (endpoint-address.ts).
 */
export async function checkEndpointUrl(raw: string, resolve: HostResolver = systemResolver): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(400, "invalid_body", "url is not a valid URL.", {
      fields: [{ field: "url", message: "not a valid URL" }],
    });
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    throw new ApiError(
      400,
      "https_required",
      "The endpoint must use https (plain http is accepted only to a loopback host by the reference service).",
      { fields: [{ field: "url", message: "must be an https URL" }] },
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw new ApiError(400, "invalid_body", "The endpoint URL must not carry credentials.", {
      fields: [{ field: "url", message: "must not contain a user name or password" }],
    });
  }
  const refusal = await refusedAddress(url, resolve);
  if (refusal) {
    throw new ApiError(400, "endpoint_address_refused", refusalSentence(url.hostname, refusal), {
      fields: [{ field: "url", message: `must not point at ${REFUSED_CLASS_WORDS[refusal.kind]}` }],
    });
  }
  return raw;
}

const columns = `id, user_id, url, event_types, secret, status, disabled_reason, consecutive_failures, created_at, updated_at`;

export function subscriptionsOf(ctx: SandboxContext, userId: string): SubscriptionRow[] {
  return ctx.db
    .prepare(`SELECT ${columns} FROM webhook_subscriptions WHERE user_id = ? ORDER BY created_at, id`)
    .all(userId) as SubscriptionRow[];
}

/** The caller's subscription; another user's, a deleted or an unknown id: 404 alike. */
export function findSubscription(ctx: SandboxContext, userId: string, id: string): SubscriptionRow {
  const row = ctx.db
    .prepare(`SELECT ${columns} FROM webhook_subscriptions WHERE id = ? AND user_id = ?`)
    .get(id, userId) as SubscriptionRow | undefined;
  if (!row) throw new ApiError(404, "webhook_not_found", `No webhook subscription ${id} on your account.`);
  return row;
}

export async function insertSubscription(
  ctx: SandboxContext,
  userId: string,
  input: { url: string; event_types: WebhookEventType[] },
  resolve?: HostResolver,
): Promise<SubscriptionRow> {
  const url = await checkEndpointUrl(input.url, resolve);
  const count = (
    ctx.db.prepare(`SELECT COUNT(*) AS n FROM webhook_subscriptions WHERE user_id = ?`).get(userId) as {
      n: number;
    }
  ).n;
  if (count >= WEBHOOK_SUBSCRIPTION_LIMIT) {
    throw new ApiError(
      422,
      "subscription_limit",
      `You already have ${count} webhook subscriptions; delete one before creating another (limit ${WEBHOOK_SUBSCRIPTION_LIMIT}).`,
      { limit: WEBHOOK_SUBSCRIPTION_LIMIT, count },
    );
  }
  const now = isoTimestamp(ctx.clock.now());
  const row: SubscriptionRow = {
    id: newSubscriptionId(),
    user_id: userId,
    url,
    event_types: JSON.stringify(input.event_types),
    secret: newSecret(),
    status: "enabled",
    disabled_reason: null,
    consecutive_failures: 0,
    created_at: now,
    updated_at: now,
  };
  ctx.db
    .prepare(
      `INSERT INTO webhook_subscriptions (${columns})
       VALUES (@id, @user_id, @url, @event_types, @secret, @status, @disabled_reason,
               @consecutive_failures, @created_at, @updated_at)`,
    )
    .run(row);
  return row;
}

/**
 * PUT /webhooks/{id}: any of url, event_types, status "enabled". Re-enabling a disabled
 * subscription clears disabled_reason and consecutive_failures, and its attempts left
 * pending while it was disabled fall due now (their retry schedule continues from there),
 * rather than all at once at their old, long-past times.
 */
export async function updateSubscription(
  ctx: SandboxContext,
  row: SubscriptionRow,
  change: { url?: string; event_types?: WebhookEventType[]; status?: "enabled" },
  resolve?: HostResolver,
): Promise<SubscriptionRow> {
  // The URL is checked (and its name resolved) before anything is read for the update.
  const url = change.url === undefined ? undefined : await checkEndpointUrl(change.url, resolve);
  const next: SubscriptionRow = { ...row, updated_at: isoTimestamp(ctx.clock.now()) };
  if (url !== undefined) next.url = url;
  if (change.event_types !== undefined) next.event_types = JSON.stringify(change.event_types);
  const reenable = change.status === "enabled" && row.status === "disabled";
  if (reenable) {
    next.status = "enabled";
    next.disabled_reason = null;
    next.consecutive_failures = 0;
  }
  ctx.db.transaction(() => {
    ctx.db
      .prepare(
        `UPDATE webhook_subscriptions SET url = @url, event_types = @event_types, status = @status,
           disabled_reason = @disabled_reason, consecutive_failures = @consecutive_failures,
           updated_at = @updated_at
         WHERE id = @id`,
      )
      .run(next);
    if (reenable) {
      ctx.db
        .prepare(
          `UPDATE webhook_attempts SET due_at_ms = ?
           WHERE subscription_id = ? AND status = 'pending' AND due_at_ms < ?`,
        )
        .run(ctx.clock.nowMs(), row.id, ctx.clock.nowMs());
    }
  })();
  return next;
}

export function rotateSecret(ctx: SandboxContext, row: SubscriptionRow): SubscriptionRow {
  const next = { ...row, secret: newSecret(), updated_at: isoTimestamp(ctx.clock.now()) };
  ctx.db
    .prepare(`UPDATE webhook_subscriptions SET secret = ?, updated_at = ? WHERE id = ?`)
    .run(next.secret, next.updated_at, row.id);
  return next;
}

/** Deletes the subscription with its pending events, envelopes and attempts (cascade). */
export function deleteSubscription(ctx: SandboxContext, row: SubscriptionRow): void {
  ctx.db.transaction(() => {
    // webhook_attempts.subscription_id carries no foreign key; its rows go with their events.
    ctx.db.prepare(`DELETE FROM webhook_attempts WHERE subscription_id = ?`).run(row.id);
    ctx.db.prepare(`DELETE FROM webhook_subscriptions WHERE id = ?`).run(row.id);
  })();
}
