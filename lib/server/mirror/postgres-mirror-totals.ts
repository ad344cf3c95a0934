import type { Pool, PoolClient } from "pg";
import { STANDING } from "@/lib/server/mirror/mirror-rows";

type Period = { from: string; to: string };

/**
 * The books as they stand, summed by night and currency over every listing not hidden
 * (`mirror_night_totals`, migration 6 of postgres-schema.ts), on PostgreSQL; the rules are
 * sqlite-mirror-totals.ts's. Every change takes the account's totals lock first, so that two
 * instances' writes change the same nights' rows one after the other (never in two orders, which
 * could deadlock), and a listing hidden while its reservations are read again is taken out of
 * the totals with the reservations it has then.
 */
const LOCK = "SELECT pg_advisory_xact_lock(hashtext('mirror_night_totals'), hashtext($1))";

/** The statement that adds ($3 = 1) or takes away ($3 = -1) listings' ($2) standing nights. */
export const CHANGE_TOTALS = `INSERT INTO mirror_night_totals (account_id, night, currency, nights, revenue, unpriced)
  SELECT r.account_id, to_char(r.check_in::date + k, 'YYYY-MM-DD'), COALESCE(r.currency, ''), $3::int * count(*),
    $3::int * COALESCE(SUM(r.nightly_subtotal / r.stay_days), 0), $3::int * count(*) FILTER (WHERE r.nightly_subtotal IS NULL)
  FROM mirror_reservations r CROSS JOIN LATERAL generate_series(0, r.stay_days - 1) AS k
  WHERE r.account_id = $1 AND r.listing_id = ANY($2::text[]) AND r.stay_days > 0 AND ${STANDING(null)}
  GROUP BY 1, 2, 3
  ON CONFLICT (account_id, night, currency) DO UPDATE SET nights = mirror_night_totals.nights + excluded.nights,
    revenue = mirror_night_totals.revenue + excluded.revenue, unpriced = mirror_night_totals.unpriced + excluded.unpriced`;

export const postgresTotals = {
  /** Takes the account's totals lock; held until the transaction ends. */
  async lock(c: PoolClient, accountId: string) {
    await c.query(LOCK, [accountId]);
  },
  /** Whether a listing counts: unless its record says hidden. */
  async counted(c: PoolClient, accountId: string, listingId: string) {
    const { rows } = await c.query<{ hidden: boolean }>(
      "SELECT hidden FROM mirror_listings WHERE account_id = $1 AND listing_id = $2",
      [accountId, listingId],
    );
    return rows[0]?.hidden !== true;
  },
  /** Adds (1) or takes away (-1) listings' standing nights (the lock held). */
  async change(c: PoolClient, accountId: string, listingIds: readonly string[], sign: 1 | -1) {
    if (listingIds.length === 0) return;
    await c.query(CHANGE_TOTALS, [accountId, [...listingIds], sign]);
    if (sign === -1)
      await c.query("DELETE FROM mirror_night_totals WHERE account_id = $1 AND nights = 0", [accountId]);
  },
  /** The books as they stand per period (`i` from 0) and currency, over every listing not hidden. */
  async finalRows(pool: Pool, accountId: string, periods: readonly Period[]) {
    const { rows } = await pool.query<{
      i: string;
      currency: string | null;
      final_nights: string;
      final_revenue: number;
      final_unpriced: string;
    }>(
      `SELECT p.i, NULLIF(t.currency, '') AS currency, SUM(t.nights) AS final_nights,
         SUM(t.revenue)::float8 AS final_revenue, SUM(t.unpriced) AS final_unpriced
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS p(pfrom, pto, i)
       JOIN mirror_night_totals t ON t.account_id = $1 AND t.night >= p.pfrom AND t.night < p.pto
       GROUP BY p.i, t.currency ORDER BY p.i, t.currency`,
      [accountId, periods.map((p) => p.from), periods.map((p) => p.to)],
    );
    return rows.map((r) => ({ ...r, i: Number(r.i) - 1 }));
  },
};
