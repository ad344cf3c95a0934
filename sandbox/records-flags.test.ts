import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { listingFlag } from "../lib/svc/schemas/listing-extras";
import type { Sandbox } from "./app";
import { named, simulate, subscribe } from "./events-support";
import { dayFrom, listingWithoutRates, nowIso, ownedListings, type ListingPick } from "./records-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Flags derived from the listing's data (docs/interface-decisions.md §3 flags shape; codes are this group's):
// base_price_below_min_price (critical), no_availability_next_30_days (warning),
// occupancy_below_market (warning), pricing_disabled (info), custom_rate_expiring_soon (info).
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const DERIVED = [
  "base_price_below_min_price",
  "no_availability_next_30_days",
  "occupancy_below_market",
  "pricing_disabled",
  "custom_rate_expiring_soon",
];

type ListingData = {
  svc_id: string;
  market_id: string;
  is_active: number;
  base_price: number;
  preferences: string;
};

/** The derived conditions that hold on a listing, recomputed here with SQL. */
function conditionsHolding(listing: ListingData): string[] {
  if (!listing.is_active) return [];
  const today = sandbox.ctx.clock.today();
  const prefs = JSON.parse(listing.preferences) as {
    pricing_enabled: boolean;
    base_price: number | null;
    min_price: number | null;
  };
  const held: string[] = [];
  if (prefs.min_price !== null && (prefs.base_price ?? listing.base_price) < prefs.min_price)
    held.push("base_price_below_min_price");
  const ahead = rows<{ nights: number; open: number }>(
    sandbox,
    `SELECT COUNT(*) AS nights, COALESCE(SUM(available), 0) AS open FROM calendar_nights WHERE listing_svc_id = ? AND date >= ? AND date < ?`,
    listing.svc_id,
    today,
    dayFrom(sandbox, 30),
  )[0]!;
  if (ahead.nights > 0 && ahead.open === 0) held.push("no_availability_next_30_days");
  const own = rows<{ booked: number; bookable: number }>(
    sandbox,
    `SELECT SUM(reservation_id IS NOT NULL) AS booked, SUM(blocked = 0) AS bookable FROM calendar_nights
     WHERE listing_svc_id = ? AND date >= ? AND date < ?`,
    listing.svc_id,
    dayFrom(sandbox, -30),
    today,
  )[0]!;
  const market = rows<{ occupancy: number }>(
    sandbox,
    `SELECT AVG(json_extract(metrics, '$.occupancy_adjusted_30_0')) AS occupancy FROM market_listings WHERE market_id = ?`,
    listing.market_id,
  )[0]!.occupancy;
  if ((100 * own.booked) / own.bookable < market - 15) held.push("occupancy_below_market");
  if (!prefs.pricing_enabled) held.push("pricing_disabled");
  const expiring = rows(
    sandbox,
    `SELECT 1 FROM custom_rates WHERE listing_svc_id = ? AND end_date >= ? AND expires_at > ? AND expires_at <= ?`,
    listing.svc_id,
    today,
    nowIso(sandbox),
    nowIso(sandbox, 7 * 86_400),
  );
  if (expiring.length > 0) held.push("custom_rate_expiring_soon");
  return held.sort();
}

const openDerived = (svcId: string) =>
  rows<{ code: string }>(
    sandbox,
    `SELECT code FROM listing_flags WHERE listing_svc_id = ? AND cleared_at IS NULL ORDER BY code`,
    svcId,
  )
    .map((r) => r.code)
    .filter((code) => DERIVED.includes(code));

const flagsOf = (listing: ListingPick, key = p.owner.keys.standard, channel = "svc") =>
  call(
    sandbox,
    "GET",
    `/listings/${channel === "svc" ? listing.svc_id : listing.channel_listing_id}/flags?channel=${channel}`,
    { key },
  );

/** A custom rate write: the write that re-derives the listing's flags. */
const writeRate = (listing: ListingPick, expiresAt?: string) =>
  call(sandbox, "PUT", `/listings/${listing.svc_id}/custom_rates?channel=svc`, {
    key: p.owner.keys.standard,
    body: {
      custom_rates: [
        {
          start_date: dayFrom(sandbox, 40),
          end_date: dayFrom(sandbox, 41),
          price_type: "fixed",
          price_value: 150,
        },
      ],
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    },
  });

describe("GET /listings/{listing_id}/flags", () => {
  it("rule: each seeded derived flag's condition holds on the data, and every condition that holds is flagged", async () => {
    const listings = rows<ListingData>(
      sandbox,
      `SELECT svc_id, market_id, is_active, base_price, preferences FROM listings ORDER BY svc_id`,
    );
    const seen = new Set<string>();
    for (const listing of listings) {
      const held = conditionsHolding(listing);
      expect(openDerived(listing.svc_id), listing.svc_id).toEqual(held);
      held.forEach((code) => seen.add(code));
    }
    // The seed raises at least these three somewhere.
    expect([...seen]).toEqual(
      expect.arrayContaining(["occupancy_below_market", "pricing_disabled", "custom_rate_expiring_soon"]),
    );
  });

  it("rule: GET answers the open flags, most severe first, to anyone with access", async () => {
    for (const listing of ownedListings(sandbox, p.owner.user_id)) {
      const res = await flagsOf(listing, p.viewer.keys.standard);
      expect(res.status).toBe(200);
      expect(z.array(listingFlag).safeParse(res.json).success).toBe(true);
      const open = rows<{ code: string }>(
        sandbox,
        `SELECT code FROM listing_flags WHERE listing_svc_id = ? AND cleared_at IS NULL`,
        listing.svc_id,
      );
      expect(res.json.map((f: { code: string }) => f.code).sort()).toEqual(open.map((f) => f.code).sort());
      const ranks = res.json.map((f: { severity: string }) =>
        ["critical", "warning", "info"].indexOf(f.severity),
      );
      expect(ranks).toEqual([...ranks].sort());
    }
    const listing = ownedListings(sandbox, p.owner.user_id)[0]!;
    expectError(await flagsOf(listing, p.outsider.keys.standard), 404, "listing_not_found");
    expectError(await flagsOf(listing, p.outsider.keys.standard, listing.channel), 403, "forbidden");
  });

  it("rule: a write that makes a condition hold gains the flag and fires flags.detected; one that ends it clears it", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 6);
    expect(openDerived(listing.svc_id)).toEqual([]);
    const sub = subscribe(sandbox, p.owner.user_id, ["flags.detected"]);
    // The data changes under the listing: its next 30 nights are blocked and its base price
    // preference drops below its minimum price.
    sandbox.ctx.db
      .prepare(
        `UPDATE calendar_nights SET available = 0, blocked = 1 WHERE listing_svc_id = ? AND date >= ? AND date < ?`,
      )
      .run(listing.svc_id, sandbox.ctx.clock.today(), dayFrom(sandbox, 30));
    sandbox.ctx.db
      .prepare(
        `UPDATE listings SET preferences = json_set(preferences, '$.base_price', json_extract(preferences, '$.min_price') - 1) WHERE svc_id = ?`,
      )
      .run(listing.svc_id);
    expect((await writeRate(listing, nowIso(sandbox, 2 * 86_400))).status).toBe(200);
    const [data] = rows<ListingData>(sandbox, `SELECT * FROM listings WHERE svc_id = ?`, listing.svc_id);
    expect(conditionsHolding(data!)).toEqual([
      "base_price_below_min_price",
      "custom_rate_expiring_soon",
      "no_availability_next_30_days",
    ]);
    expect(openDerived(listing.svc_id)).toEqual(conditionsHolding(data!));
    expect(named(sandbox, sub, "flags.detected")).toEqual([listing.svc_id]);
    const res = await flagsOf(listing);
    expect(res.json[0]).toMatchObject({ code: "base_price_below_min_price", severity: "critical" });
    expect(res.json.find((f: { code: string }) => f.code === "custom_rate_expiring_soon").severity).toBe(
      "info",
    );

    // A write without expiry replaces the expiring period: that flag clears, the rest stay,
    // and a flag still open does not fire again.
    sandbox.ctx.db.prepare(`DELETE FROM webhook_pending`).run();
    expect((await writeRate(listing)).status).toBe(200);
    expect(openDerived(listing.svc_id)).toEqual([
      "base_price_below_min_price",
      "no_availability_next_30_days",
    ]);
    expect(named(sandbox, sub, "flags.detected")).toEqual([]);
    const cleared = rows(
      sandbox,
      `SELECT 1 FROM listing_flags WHERE listing_svc_id = ? AND code = 'custom_rate_expiring_soon' AND cleared_at IS NOT NULL`,
      listing.svc_id,
    );
    expect(cleared).toHaveLength(1);
  });

  it("rule: flags of other codes (written by simulate) are left alone by re-derivation", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 7);
    await simulate(sandbox, { event: "flag", listing_id: listing.svc_id, code: "calendar_sync_stale" });
    expect((await writeRate(listing)).status).toBe(200);
    const codes = (await flagsOf(listing)).json.map((f: { code: string }) => f.code);
    expect(codes).toContain("calendar_sync_stale");
  });
});
