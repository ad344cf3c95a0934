import type Database from "better-sqlite3";
import type { ListingFlag } from "../../../lib/svc/schemas/listing-extras";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { flagCleared, flagGained } from "../simulate/flags";
import { shiftDate, type RecordsClock } from "./dates";
import { periodsInForce } from "./periods";

/**
 * Flags derived from a listing's own data. Each is re-derived from the stored rows, so a
 * test can recompute its condition. Inactive listings are not priced and carry none.
 */
export const DERIVED_FLAG_CODES = [
  "base_price_below_min_price",
  "no_availability_next_30_days",
  "occupancy_below_market",
  "pricing_disabled",
  "custom_rate_expiring_soon",
] as const;
export type DerivedFlagCode = (typeof DERIVED_FLAG_CODES)[number];

/** Nights ahead (today included) that must hold at least one open night. */
export const AVAILABILITY_WINDOW_DAYS = 30;
/** Nights back (before today) whose occupancy is compared with the market. */
export const OCCUPANCY_LOOKBACK_DAYS = 30;
/** Percentage points below the market's average occupancy that raise the flag. */
export const OCCUPANCY_GAP_POINTS = 15;
/** A custom rate whose expires_at falls within this many days is "expiring soon". */
export const EXPIRY_NOTICE_DAYS = 7;

export interface DerivedFlag {
  code: DerivedFlagCode;
  severity: ListingFlag["severity"];
  message: string;
}

export interface FlagListing {
  svc_id: string;
  market_id: string;
  is_active: number;
  base_price: number;
  currency: string;
  preferences: string;
}

type Prefs = { pricing_enabled?: boolean; base_price?: number | null; min_price?: number | null };

const DAY_MS = 86_400_000;
const pct = (value: number) => `${value.toFixed(1)}%`;

/** The listing's occupancy over the lookback (booked / not blocked nights), null without nights. */
export function recentOccupancy(db: Database.Database, svcId: string, today: string): number | null {
  const row = db
    .prepare(
      `SELECT SUM(reservation_id IS NOT NULL) AS booked, SUM(blocked = 0) AS bookable FROM calendar_nights
       WHERE listing_svc_id = ? AND date >= ? AND date < ?`,
    )
    .get(svcId, shiftDate(today, -OCCUPANCY_LOOKBACK_DAYS), today) as {
    booked: number | null;
    bookable: number | null;
  };
  return row.bookable ? (100 * (row.booked ?? 0)) / row.bookable : null;
}

/** The market's average adjusted occupancy over the past 30 days, from its candidates' metrics. */
export function marketOccupancy(db: Database.Database, marketId: string): number | null {
  const row = db
    .prepare(
      `SELECT AVG(json_extract(metrics, '$.occupancy_adjusted_30_0')) AS occupancy FROM market_listings
       WHERE market_id = ? AND json_extract(metrics, '$.occupancy_adjusted_30_0') IS NOT NULL`,
    )
    .get(marketId) as { occupancy: number | null };
  return row.occupancy;
}

/**
 * Every derived condition that holds on the listing now. `marketCache` keeps each market's
 * occupancy across calls (seeding derives every listing at once).
 */
export function deriveFlags(
  db: Database.Database,
  listing: FlagListing,
  clock: RecordsClock,
  marketCache = new Map<string, number | null>(),
): DerivedFlag[] {
  if (!listing.is_active) return [];
  const flags: DerivedFlag[] = [];
  const prefs = JSON.parse(listing.preferences) as Prefs;

  const basePrice = prefs.base_price ?? listing.base_price;
  if (prefs.min_price != null && basePrice < prefs.min_price) {
    flags.push({
      code: "base_price_below_min_price",
      severity: "critical",
      message: `The base price ${basePrice} ${listing.currency} is below the minimum price ${prefs.min_price} ${listing.currency}.`,
    });
  }

  const ahead = db
    .prepare(
      `SELECT COUNT(*) AS nights, COALESCE(SUM(available), 0) AS open FROM calendar_nights
       WHERE listing_svc_id = ? AND date >= ? AND date < ?`,
    )
    .get(listing.svc_id, clock.today, shiftDate(clock.today, AVAILABILITY_WINDOW_DAYS)) as {
    nights: number;
    open: number;
  };
  if (ahead.nights > 0 && ahead.open === 0) {
    flags.push({
      code: "no_availability_next_30_days",
      severity: "warning",
      message: `No night is open for booking in the next ${AVAILABILITY_WINDOW_DAYS} days.`,
    });
  }

  const own = recentOccupancy(db, listing.svc_id, clock.today);
  if (!marketCache.has(listing.market_id))
    marketCache.set(listing.market_id, marketOccupancy(db, listing.market_id));
  const market = marketCache.get(listing.market_id)!;
  if (own !== null && market !== null && own < market - OCCUPANCY_GAP_POINTS) {
    flags.push({
      code: "occupancy_below_market",
      severity: "warning",
      message: `Occupancy over the last ${OCCUPANCY_LOOKBACK_DAYS} days is ${pct(own)}, ${(market - own).toFixed(1)} points below the market's ${pct(market)}.`,
    });
  }

  if (prefs.pricing_enabled === false) {
    flags.push({
      code: "pricing_disabled",
      severity: "info",
      message: "Automatic rate posting is off: recommendations are not posted to the channel.",
    });
  }

  const notice = isoTimestamp(new Date(Date.parse(clock.now) + EXPIRY_NOTICE_DAYS * DAY_MS));
  const expiring = periodsInForce(db, listing.svc_id, clock).filter(
    (p) => p.expires_at !== null && p.expires_at <= notice,
  );
  if (expiring.length > 0) {
    const first = expiring[0]!;
    flags.push({
      code: "custom_rate_expiring_soon",
      severity: "info",
      message:
        `${expiring.length} custom rate period(s) expire within ${EXPIRY_NOTICE_DAYS} days, ` +
        `the first (${first.start_date} to ${first.end_date}) at ${first.expires_at}.`,
    });
  }
  return flags;
}

const FLAG_LISTING_COLUMNS = `svc_id, market_id, is_active, base_price, currency, preferences`;

export function flagListing(db: Database.Database, svcId: string): FlagListing {
  return db
    .prepare(`SELECT ${FLAG_LISTING_COLUMNS} FROM listings WHERE svc_id = ?`)
    .get(svcId) as FlagListing;
}

/**
 * Re-derives a listing's derived flags after a write changed their inputs: a condition that
 * now holds and is not open is gained (through simulate's flagGained, so flags.detected fires
 * as it does there), then given its severity and message; an open derived flag whose
 * condition no longer holds is cleared. Flags of other codes are left alone. Answers the
 * codes gained.
 */
export function rederiveFlags(ctx: SandboxContext, svcId: string, clock: RecordsClock): DerivedFlagCode[] {
  const held = deriveFlags(ctx.db, flagListing(ctx.db, svcId), clock);
  const gained: DerivedFlagCode[] = [];
  const describe = ctx.db.prepare(
    `UPDATE listing_flags SET severity = ?, message = ?
     WHERE listing_svc_id = ? AND code = ? AND cleared_at IS NULL`,
  );
  for (const flag of held) {
    if (flagGained(ctx, svcId, flag.code).gained) gained.push(flag.code);
    describe.run(flag.severity, flag.message, svcId, flag.code);
  }
  const heldCodes = new Set<string>(held.map((f) => f.code));
  for (const code of DERIVED_FLAG_CODES) {
    if (!heldCodes.has(code)) flagCleared(ctx, svcId, code);
  }
  return gained;
}

const SEVERITY_RANK = `CASE severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END`;

/** The listing's open flags (derived or simulated), most severe first, then newest. */
export function openFlags(db: Database.Database, svcId: string): ListingFlag[] {
  return db
    .prepare(
      `SELECT code, severity, message, detected_at FROM listing_flags
       WHERE listing_svc_id = ? AND cleared_at IS NULL ORDER BY ${SEVERITY_RANK}, detected_at DESC, code`,
    )
    .all(svcId) as ListingFlag[];
}
