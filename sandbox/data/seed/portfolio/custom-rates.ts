/**
 * Custom rates on a few of the portfolio manager's listings, inserted before her records are
 * drawn so that the flags and price changes see them.
 */
import type Database from "better-sqlite3";
import { insertPeriod, type PeriodFields } from "../../../domain/records/periods";
import type { Rng } from "../../random";
import { formatDay, timestamp } from "../dates";
import type { ListingDraft } from "../listing-draft";
import { PORTFOLIO_MANAGER } from "../types";

/** Listings of her own with custom rates (active and automatically priced ones). */
const CUSTOM_RATE_LISTINGS = 40;

const DISCOUNT_REASONS = [
  "Fill the gap before the weekend",
  "Last-minute discount",
  "Slow week in the building",
] as const;
const EVENT_REASONS = ["Local event", "Holiday weekend", "Conference in town"] as const;

export type StoredRate = PeriodFields & { svcId: string };

/** Code-unit order: dates, timestamps and svc ids are fixed-width ASCII (localeCompare is slow). */
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Custom rates on a few of her active, automatically priced listings: a discount within the
 * next four weeks (three of them expiring within days) and, on about half, a fixed price for
 * an event one to three months out. Inserted now, so the flags and price changes see them.
 */
export function seedPortfolioCustomRates(
  db: Database.Database,
  rng: Rng,
  drafts: readonly ListingDraft[],
  today: number,
): Map<string, StoredRate[]> {
  const eligible = drafts.filter(
    (d) => d.persona === PORTFOLIO_MANAGER && d.row.is_active === 1 && d.prefs.pricing_enabled,
  );
  const byListing = new Map<string, StoredRate[]>();
  rng.sample(eligible, CUSTOM_RATE_LISTINGS).forEach((draft, index) => {
    const start = rng.int(3, 20);
    const base = draft.prefs.base_price ?? draft.row.base_price;
    const periods: PeriodFields[] = [
      {
        start_date: formatDay(today + start),
        end_date: formatDay(today + start + rng.int(2, 6)),
        price_type: "percent",
        price_value: -rng.int(5, 20),
        min_price: draft.prefs.min_price,
        max_price: null,
        min_stay: null,
        reason: rng.pick(DISCOUNT_REASONS),
        expires_at: index < 3 ? timestamp(today + rng.int(2, 5), 12 * 3600) : null,
        created_at: timestamp(today - rng.int(1, 10), rng.int(8 * 3600, 20 * 3600)),
      },
    ];
    if (rng.chance(0.5)) {
      const eventStart = rng.int(30, 90);
      periods.push({
        start_date: formatDay(today + eventStart),
        end_date: formatDay(today + eventStart + rng.int(2, 4)),
        price_type: "fixed",
        price_value: Math.round(base * rng.float(1.25, 1.5)),
        min_price: null,
        max_price: null,
        min_stay: rng.int(2, 4),
        reason: rng.pick(EVENT_REASONS),
        expires_at: null,
        created_at: timestamp(today - rng.int(2, 25), rng.int(8 * 3600, 20 * 3600)),
      });
    }
    for (const period of periods) insertPeriod(db, draft.row.svc_id, period);
    byListing.set(
      draft.row.svc_id,
      periods
        .map((p) => ({ ...p, svcId: draft.row.svc_id }))
        .sort((a, b) => compare(a.start_date, b.start_date)),
    );
  });
  return byListing;
}
