import type Database from "better-sqlite3";
import { STANDING } from "@/lib/server/mirror/mirror-rows";

type Period = { from: string; to: string };

/** The books as they stand, per period and currency, as `paceQuery`'s final sums name them. */
export interface FinalRow {
  i: number;
  currency: string | null;
  final_nights: number;
  final_revenue: number;
  final_unpriced: number;
}

/**
 * The books as they stand, summed by night and currency over every listing not hidden
 * (`mirror_night_totals`, sqlite-mirror-schema.ts), on SQLite. The whole portfolio's final
 * figures are the pace table's heaviest sums (last year's periods are all stays of a year,
 * every one standing); read from here they cost a row per night, not a pass over the stays.
 *
 * The totals are kept by difference inside each write's transaction: a listing's standing
 * nights leave them before its reservations are replaced, or when it is hidden or gone, and
 * come in after, or when it is shown again. A listing counts unless its record says hidden,
 * as the stays' own reads count it (a listing with no record counts).
 */
/**
 * The stays' primary key (account, listing, reservation), by the name SQLite gives it. Without
 * statistics the planner prefers a covering index on the account alone for one listing's stays,
 * a pass over every stay of the account: at 1,500 listings, a backfill's writes grew with the
 * square of its size.
 */
export const BY_LISTING = "sqlite_autoindex_mirror_reservations_1";

export function sqliteTotals(db: Database.Database) {
  // Each standing stay as its nights: the numbers 0 to the longest stay, joined below each. The
  // listing's stays come first (CROSS JOIN keeps that order), read by the primary key.
  const apply = db.prepare(
    `WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n + 1 < @longest)
     INSERT INTO mirror_night_totals (account_id, night, currency, nights, revenue, unpriced)
     SELECT @account, date(r.check_in, '+' || k.n || ' days'), COALESCE(r.currency, ''), @sign * COUNT(*),
       @sign * TOTAL(r.nightly_subtotal / r.stay_days), @sign * TOTAL(r.nightly_subtotal IS NULL)
     FROM mirror_reservations r INDEXED BY ${BY_LISTING} CROSS JOIN k
     WHERE r.account_id = @account AND r.listing_id = @listing AND k.n < r.stay_days AND ${STANDING(null)}
     GROUP BY 2, 3
     ON CONFLICT (account_id, night, currency) DO UPDATE SET nights = nights + excluded.nights,
       revenue = revenue + excluded.revenue, unpriced = unpriced + excluded.unpriced`,
  );
  const longestOf = db.prepare<[string, string], { longest: number | null }>(
    `SELECT MAX(stay_days) AS longest FROM mirror_reservations INDEXED BY ${BY_LISTING} WHERE account_id = ? AND listing_id = ?`,
  );
  const emptied = db.prepare("DELETE FROM mirror_night_totals WHERE account_id = ? AND nights = 0");
  const hiddenOf = db.prepare<[string, string], { hidden: number }>(
    "SELECT hidden FROM mirror_listings WHERE account_id = ? AND listing_id = ?",
  );
  /** Adds (1) or takes away (-1) a listing's standing nights. */
  const change = (accountId: string, listingId: string, sign: 1 | -1) => {
    const longest = longestOf.get(accountId, listingId)?.longest ?? 0;
    if (longest > 0) apply.run({ account: accountId, listing: listingId, sign, longest });
    if (sign === -1) emptied.run(accountId);
  };
  const counted = (accountId: string, listingId: string) => hiddenOf.get(accountId, listingId)?.hidden !== 1;

  return {
    counted,
    /** Around a write that replaces a listing's reservations: its nights out before, in after. */
    replacing(accountId: string, listingId: string, write: () => void) {
      const counts = counted(accountId, listingId);
      if (counts) change(accountId, listingId, -1);
      write();
      if (counts) change(accountId, listingId, 1);
    },
    /** A listing that stops counting (hidden, or leaving with its reservations) or starts again. */
    change,
    /** Every listing's standing nights, summed anew (a mirror file made before the totals). */
    sumAll() {
      db.exec("DELETE FROM mirror_night_totals");
      const held = db
        .prepare<[], { account_id: string; listing_id: string }>(
          "SELECT DISTINCT account_id, listing_id FROM mirror_reservations",
        )
        .all();
      for (const { account_id, listing_id } of held)
        if (counted(account_id, listing_id)) change(account_id, listing_id, 1);
    },
    /** The books as they stand per period and currency, over every listing not hidden. */
    finalRows(accountId: string, periods: readonly Period[]): FinalRow[] {
      return db
        .prepare(
          // The periods first (CROSS JOIN keeps that order): each is then a range of the totals' key.
          `WITH p(i, pfrom, pto) AS MATERIALIZED (SELECT CAST(key AS INTEGER), json_extract(value, '$.from'),
             json_extract(value, '$.to') FROM json_each(@periods))
           SELECT p.i AS i, NULLIF(t.currency, '') AS currency, TOTAL(t.nights) AS final_nights,
             TOTAL(t.revenue) AS final_revenue, TOTAL(t.unpriced) AS final_unpriced
           FROM p CROSS JOIN mirror_night_totals t
           WHERE t.account_id = @account AND t.night >= p.pfrom AND t.night < p.pto
           GROUP BY p.i, t.currency ORDER BY p.i, t.currency`,
        )
        .all({ account: accountId, periods: JSON.stringify(periods) }) as FinalRow[];
    },
  };
}
