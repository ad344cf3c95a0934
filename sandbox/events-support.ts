/**
 * Helpers for the event tests: subscriptions written straight into the database and the
 * pending rows recordEvent leaves for the delivery engine (one per subscription and listing
 * named in a five-minute window).
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { WebhookEventType } from "../lib/svc/schemas/webhooks";
import type { Sandbox } from "./app";
import { call, rows, type CallResult } from "./test-support";

export interface PendingRow {
  subscription_id: string;
  event_type: WebhookEventType;
  market_id: string;
  window_start_ms: number;
  listing_svc_id: string;
}

/** A subscription of `userId` to `eventTypes`, written with SQL; answers its id. */
export function subscribe(
  sandbox: Sandbox,
  userId: string,
  eventTypes: WebhookEventType[],
  status: "enabled" | "disabled" = "enabled",
): string {
  const id = `whk_test_${randomUUID().slice(0, 8)}`;
  const now = new Date(sandbox.ctx.clock.nowMs()).toISOString();
  sandbox.ctx.db
    .prepare(
      `INSERT INTO webhook_subscriptions (id, user_id, url, event_types, secret, status, disabled_reason,
         consecutive_failures, created_at, updated_at)
       VALUES (?, ?, 'https://hooks.example.test/svc', ?, 'whsec_test', ?, ?, 0, ?, ?)`,
    )
    .run(
      id,
      userId,
      JSON.stringify(eventTypes),
      status,
      status === "disabled" ? "repeated_failures" : null,
      now,
      now,
    );
  return id;
}

/** Pending rows of one subscription, ordered by listing. */
export const pending = (sandbox: Sandbox, subscriptionId: string) =>
  rows<PendingRow>(
    sandbox,
    `SELECT subscription_id, event_type, market_id, window_start_ms, listing_svc_id FROM webhook_pending
     WHERE subscription_id = ? ORDER BY event_type, listing_svc_id`,
    subscriptionId,
  );

/** The listings a subscription has pending for one event type. */
export const named = (sandbox: Sandbox, subscriptionId: string, type: WebhookEventType) =>
  pending(sandbox, subscriptionId)
    .filter((r) => r.event_type === type)
    .map((r) => r.listing_svc_id);

/** Forgets pending rows, so the next step's events are not merged into an open window's rows. */
export function clearPending(sandbox: Sandbox): void {
  sandbox.ctx.db.prepare(`DELETE FROM webhook_pending`).run();
}

export const countPending = (sandbox: Sandbox) =>
  rows<{ n: number }>(sandbox, `SELECT COUNT(*) AS n FROM webhook_pending`)[0]!.n;

/** POST /_sandbox/simulate, expecting 200. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function simulate(sandbox: Sandbox, body: unknown): Promise<CallResult<any>> {
  const res = await call(sandbox, "POST", "/_sandbox/simulate", { body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}

/** svc ids of a market's listings, active or inactive. */
export const marketListings = (sandbox: Sandbox, marketId: string, active: boolean) =>
  rows<{ svc_id: string }>(
    sandbox,
    `SELECT svc_id FROM listings WHERE market_id = ? AND is_active = ? ORDER BY svc_id`,
    marketId,
    active ? 1 : 0,
  ).map((r) => r.svc_id);

/** svc ids a user can access: owned, or shared with them at any level. */
export const accessible = (sandbox: Sandbox, userId: string) =>
  new Set(
    rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ?
       UNION SELECT listing_svc_id FROM listing_access WHERE user_id = ?`,
      userId,
      userId,
    ).map((r) => r.svc_id),
  );

export type ListingRef = { svc_id: string; market_id: string };

/** The first active listing of `userId` (by svc id) that meets `where` (SQL on listings). */
export const activeListing = (sandbox: Sandbox, userId: string, where = "1 = 1") =>
  rows<ListingRef>(
    sandbox,
    `SELECT svc_id, market_id FROM listings WHERE owner_user_id = ? AND is_active = 1 AND ${where} ORDER BY svc_id`,
    userId,
  )[0]!;

/** A paid listing of `userId` with automatic rate posting on. */
export const postingListing = (sandbox: Sandbox, userId: string) =>
  activeListing(
    sandbox,
    userId,
    `pricing_tier != 'Free' AND json_extract(preferences, '$.pricing_enabled') = 1`,
  );

/** A standing reservation of `userId`'s listings whose stay ended between `from` and `to` days ago. */
export const endedStay = (sandbox: Sandbox, userId: string, from: number, to: number) =>
  rows<{ reservation_id: string; listing_svc_id: string }>(
    sandbox,
    `SELECT r.reservation_id, r.listing_svc_id FROM reservations r JOIN listings l ON l.svc_id = r.listing_svc_id
     WHERE l.owner_user_id = ? AND r.status = 'Accepted' AND r.check_out BETWEEN date(?, ?) AND date(?, ?)
     ORDER BY r.reservation_id LIMIT 1`,
    userId,
    sandbox.ctx.clock.today(),
    `-${from} days`,
    sandbox.ctx.clock.today(),
    `-${to} days`,
  )[0]!;

export type ReservationState = {
  status: string;
  canceled_at: string | null;
  guests: number | null;
  total_price: number | null;
};

export const reservationRow = (sandbox: Sandbox, id: string) =>
  rows<ReservationState>(
    sandbox,
    `SELECT status, canceled_at, guests, total_price FROM reservations WHERE reservation_id = ?`,
    id,
  )[0];

/** Calendar nights a reservation holds. */
export const nightsHeld = (sandbox: Sandbox, id: string) =>
  rows(sandbox, `SELECT 1 FROM calendar_nights WHERE reservation_id = ?`, id).length;

export const ALL_EVENT_TYPES: WebhookEventType[] = [
  "recommendations.updated",
  "reservations.ingested",
  "flags.detected",
];

/** Open nights from today whose posted price differs from the recommendation. */
export const staleNights = (sandbox: Sandbox, svcId: string) =>
  rows(
    sandbox,
    `SELECT 1 FROM calendar_nights
     WHERE listing_svc_id = ? AND date >= ? AND available = 1 AND price != recommended_price`,
    svcId,
    sandbox.ctx.clock.today(),
  ).length;
