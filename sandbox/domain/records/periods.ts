import type Database from "better-sqlite3";
import type { CustomRate } from "../../../lib/svc/schemas/custom-rates";
import { shiftDate, type RecordsClock } from "./dates";

/** A stored custom rate period (table custom_rates). */
export interface StoredPeriod {
  id: number;
  listing_svc_id: string;
  start_date: string;
  end_date: string;
  price_type: "fixed" | "percent";
  price_value: number;
  min_price: number | null;
  max_price: number | null;
  min_stay: number | null;
  reason: string | null;
  expires_at: string | null;
  created_at: string;
}

/** A period's fields without its storage identity. */
export type PeriodFields = Omit<StoredPeriod, "id" | "listing_svc_id">;

/** A period in force applies to a night when start_date <= date <= end_date. */
export type PricingPeriod = Pick<
  StoredPeriod,
  "start_date" | "end_date" | "price_type" | "price_value" | "min_price" | "max_price"
>;

/**
 * Periods in force on a listing: not ended before today and not past their expires_at.
 * Expired periods stay stored (they can still be split by a later write) but are never read.
 */
export function periodsInForce(db: Database.Database, svcId: string, clock: RecordsClock): StoredPeriod[] {
  return db
    .prepare(
      `SELECT * FROM custom_rates
       WHERE listing_svc_id = ? AND end_date >= ? AND (expires_at IS NULL OR expires_at > ?)
       ORDER BY start_date, id`,
    )
    .all(svcId, clock.today, clock.now) as StoredPeriod[];
}

/** The contract's read period: no id, no listing_id; money in the listing's currency. */
export function toContractPeriod(period: StoredPeriod, currency: string): CustomRate {
  return {
    start_date: period.start_date,
    end_date: period.end_date,
    price_type: period.price_type,
    price_value: period.price_value,
    currency,
    min_price: period.min_price,
    max_price: period.max_price,
    min_stay: period.min_stay,
    reason: period.reason,
    expires_at: period.expires_at,
  };
}

/** The parts of `period` outside [start, end] (both included): none, one or two. */
export function remnantsOutside(
  period: Pick<StoredPeriod, "start_date" | "end_date">,
  start: string,
  end: string,
): Array<{ start_date: string; end_date: string }> {
  const parts: Array<{ start_date: string; end_date: string }> = [];
  if (period.start_date < start)
    parts.push({ start_date: period.start_date, end_date: shiftDate(start, -1) });
  if (period.end_date > end) parts.push({ start_date: shiftDate(end, 1), end_date: period.end_date });
  return parts;
}

/** Every stored period (expired ones too) sharing a date with [start, end]. */
export function overlappingPeriods(
  db: Database.Database,
  svcId: string,
  start: string,
  end: string,
): StoredPeriod[] {
  return db
    .prepare(
      `SELECT * FROM custom_rates WHERE listing_svc_id = ? AND start_date <= ? AND end_date >= ?
       ORDER BY start_date, id`,
    )
    .all(svcId, end, start) as StoredPeriod[];
}

export function insertPeriod(db: Database.Database, svcId: string, period: PeriodFields): void {
  db.prepare(
    `INSERT INTO custom_rates (listing_svc_id, start_date, end_date, price_type, price_value, min_price,
       max_price, min_stay, reason, expires_at, created_at)
     VALUES (@svcId, @start_date, @end_date, @price_type, @price_value, @min_price, @max_price, @min_stay,
       @reason, @expires_at, @created_at)`,
  ).run({ svcId, ...period });
}

export function deletePeriod(db: Database.Database, id: number): void {
  db.prepare(`DELETE FROM custom_rates WHERE id = ?`).run(id);
}

/** The fields a changelog entry shows of a period. */
export const periodSummary = (period: PricingPeriod & { expires_at?: string | null }) => ({
  start_date: period.start_date,
  end_date: period.end_date,
  price_type: period.price_type,
  price_value: period.price_value,
  ...(period.expires_at ? { expires_at: period.expires_at } : {}),
});

/** Details of a custom_rate_added changelog entry. */
export const addedDetails = (period: PeriodFields) => ({
  ...periodSummary(period),
  min_price: period.min_price,
  max_price: period.max_price,
  min_stay: period.min_stay,
  reason: period.reason,
});
