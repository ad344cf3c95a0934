/**
 * Helpers for the listing records tests (custom rates, notes, flags, recent changes): listings
 * picked by SQL, dates relative to the service clock and the stored rows to compare with.
 */
import { expect } from "vitest";
import type { Sandbox } from "./app";
import { call, rows } from "./test-support";

/** The stay date `days` after the service clock's today. */
export function dayFrom(sandbox: Sandbox, days: number): string {
  const [y, m, d] = sandbox.ctx.clock.today().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The service clock's now as stored timestamps write it. */
export const nowIso = (sandbox: Sandbox, plusSeconds = 0) =>
  new Date(sandbox.ctx.clock.nowMs() + plusSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

export type ListingPick = { svc_id: string; channel: string; channel_listing_id: string; currency: string };

/** Active listings of `userId` meeting `where`, by svc id. */
export const ownedListings = (sandbox: Sandbox, userId: string, where = "1 = 1") =>
  rows<ListingPick>(
    sandbox,
    `SELECT svc_id, channel, channel_listing_id, currency FROM listings
     WHERE owner_user_id = ? AND is_active = 1 AND ${where} ORDER BY svc_id`,
    userId,
  );

/** An owned active, automatically priced listing with no custom rate stored. */
export const listingWithoutRates = (sandbox: Sandbox, userId: string, skip = 0) =>
  ownedListings(
    sandbox,
    userId,
    `json_extract(preferences, '$.pricing_enabled') = 1
     AND svc_id NOT IN (SELECT listing_svc_id FROM custom_rates)`,
  )[skip]!;

export type StoredPeriodRow = {
  start_date: string;
  end_date: string;
  price_type: string;
  price_value: number;
  min_price: number | null;
  max_price: number | null;
  min_stay: number | null;
  reason: string | null;
  expires_at: string | null;
};

/** Every stored period of a listing (expired ones too), by start date. */
export const storedPeriods = (sandbox: Sandbox, svcId: string) =>
  rows<StoredPeriodRow>(
    sandbox,
    `SELECT start_date, end_date, price_type, price_value, min_price, max_price, min_stay, reason, expires_at
     FROM custom_rates WHERE listing_svc_id = ? ORDER BY start_date`,
    svcId,
  );

/** Changelog rows of a listing written after `afterSeq`, oldest first. */
export const changelogSince = (sandbox: Sandbox, svcId: string, afterSeq = 0) =>
  rows<{ seq: number; action: string; actor_user_id: string | null; details: string }>(
    sandbox,
    `SELECT seq, action, actor_user_id, details FROM listing_changelog WHERE listing_svc_id = ? AND seq > ? ORDER BY seq`,
    svcId,
    afterSeq,
  ).map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));

export const lastChangelogSeq = (sandbox: Sandbox) =>
  rows<{ seq: number | null }>(sandbox, `SELECT MAX(seq) AS seq FROM listing_changelog`)[0]!.seq ?? 0;

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The service price of each open night from today, recomputed here from calendar_nights and
 * the custom_rates rows in force (independently of the service's own code).
 */
export function servicePricesFromDb(sandbox: Sandbox, svcId: string): Map<string, number> {
  const today = sandbox.ctx.clock.today();
  const now = nowIso(sandbox);
  const periods = rows<StoredPeriodRow>(
    sandbox,
    `SELECT * FROM custom_rates WHERE listing_svc_id = ? AND end_date >= ? AND (expires_at IS NULL OR expires_at > ?)`,
    svcId,
    today,
    now,
  );
  const nights = rows<{ date: string; recommended_price: number }>(
    sandbox,
    `SELECT date, recommended_price FROM calendar_nights WHERE listing_svc_id = ? AND date >= ? AND available = 1`,
    svcId,
    today,
  );
  const prices = new Map<string, number>();
  for (const night of nights) {
    const p = periods.find((x) => x.start_date <= night.date && night.date <= x.end_date);
    let price = night.recommended_price;
    if (p?.price_type === "fixed") price = p.price_value;
    if (p?.price_type === "percent") {
      price = round2(night.recommended_price * (1 + p.price_value / 100));
      if (p.min_price !== null) price = Math.max(price, p.min_price);
      if (p.max_price !== null) price = Math.min(price, p.max_price);
    }
    prices.set(night.date, price);
  }
  return prices;
}

export async function advanceClock(sandbox: Sandbox, seconds: number): Promise<void> {
  const res = await call(sandbox, "POST", "/_sandbox/clock", { body: { advance_seconds: seconds } });
  expect(res.status).toBe(200);
}
