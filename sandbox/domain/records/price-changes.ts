import type Database from "better-sqlite3";
import type { RecordsClock } from "./dates";
import { periodsInForce, type PricingPeriod } from "./periods";

export type PriceChangeCause = "pricing_run" | "custom_rate" | "preferences";

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The service price of a night: what the service would post. A fixed custom rate sets it
 * outright; a percent one moves the recommendation and is then held inside the period's own
 * min_price/max_price; without a period it is the recommendation.
 */
export function servicePrice(
  recommended: number,
  period: Omit<PricingPeriod, "start_date" | "end_date"> | undefined,
): number {
  if (!period) return recommended;
  if (period.price_type === "fixed") return period.price_value;
  let price = round2(recommended * (1 + period.price_value / 100));
  if (period.min_price !== null) price = Math.max(price, period.min_price);
  if (period.max_price !== null) price = Math.min(price, period.max_price);
  return price;
}

/** The period covering `date` among periods sorted by start_date that do not overlap. */
export function periodOn<P extends PricingPeriod>(periods: readonly P[], date: string): P | undefined {
  return periods.find((p) => p.start_date <= date && date <= p.end_date);
}

/** Stay date → service price. */
export type PriceSnapshot = Map<string, number>;

/**
 * Service prices of a listing's open nights from `from` (not before today) to `to`: the
 * nights whose price can still change. Booked and blocked nights are left out.
 */
export function snapshotServicePrices(
  db: Database.Database,
  svcId: string,
  clock: RecordsClock,
  from = clock.today,
  to = "9999-12-31",
): PriceSnapshot {
  const start = from > clock.today ? from : clock.today;
  const nights = db
    .prepare(
      `SELECT date, recommended_price FROM calendar_nights
       WHERE listing_svc_id = ? AND date BETWEEN ? AND ? AND available = 1 ORDER BY date`,
    )
    .all(svcId, start, to) as Array<{ date: string; recommended_price: number }>;
  const periods = periodsInForce(db, svcId, clock);
  const snapshot: PriceSnapshot = new Map();
  for (const night of nights) {
    snapshot.set(night.date, servicePrice(night.recommended_price, periodOn(periods, night.date)));
  }
  return snapshot;
}

/**
 * Writes one price_changes row per night whose service price differs between the two
 * snapshots of one listing (taken before and after a change). Answers how many it wrote.
 * Exported for every writer that moves prices: pricing runs, custom rates, preferences.
 */
export function recordPriceChanges(
  db: Database.Database,
  svcId: string,
  before: PriceSnapshot,
  after: PriceSnapshot,
  cause: PriceChangeCause,
  at: string,
): number {
  const insert = db.prepare(
    `INSERT INTO price_changes (change_id, listing_svc_id, date, changed_at, previous_price, new_price, cause)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const { next } = db.prepare(`SELECT COALESCE(MAX(change_id), 0) + 1 AS next FROM price_changes`).get() as {
    next: number;
  };
  let written = 0;
  for (const [date, price] of after) {
    const previous = before.get(date);
    if (previous === price) continue;
    insert.run(next, svcId, date, at, previous ?? null, price, cause);
    written++;
  }
  return written;
}

/** Runs `change` and records the service prices it moved on the listing's open nights. */
export function withPriceChanges<T>(
  db: Database.Database,
  svcId: string,
  clock: RecordsClock,
  cause: PriceChangeCause,
  change: () => T,
  range: { from?: string; to?: string } = {},
): T {
  const before = snapshotServicePrices(db, svcId, clock, range.from, range.to);
  const result = change();
  const after = snapshotServicePrices(db, svcId, clock, range.from, range.to);
  recordPriceChanges(db, svcId, before, after, cause, clock.now);
  return result;
}

export interface RecentChange {
  date: string;
  changed_at: string;
  previous_price: number | null;
  new_price: number;
  cause: PriceChangeCause;
}

/** Changes at or after `since`, newest write first (two in one second: the later one); its nights by stay date. */
export function recentPriceChanges(db: Database.Database, svcId: string, since: string): RecentChange[] {
  return db
    .prepare(
      `SELECT date, changed_at, previous_price, new_price, cause FROM price_changes
       WHERE listing_svc_id = ? AND changed_at >= ? ORDER BY changed_at DESC, change_id DESC, date`,
    )
    .all(svcId, since) as RecentChange[];
}
