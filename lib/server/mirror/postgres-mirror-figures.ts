import type pg from "pg";
import type { Pool } from "pg";
import { calendarsOf, lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";

/** The mirror's figures on PostgreSQL (postgres-mirror.ts): stays per period, coverage, calendars. */
export function postgresFigures(
  pool: Pool,
): Pick<MirrorStore, "stayFigures" | "windowFigures" | "calendars" | "coverage"> {
  const one = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) =>
    (await pool.query<R>(text, values)).rows[0];
  /** The longest stay held: how far back a stay touching a period can start. */
  const longestStay = async (accountId: string) =>
    (
      await one<{ longest: number | null }>(
        "SELECT MAX(stay_days) AS longest FROM mirror_reservations WHERE account_id = $1",
        [accountId],
      )
    )?.longest ?? 0;
  return {
    async stayFigures(accountId, periods, at) {
      const longest = await longestStay(accountId);
      const overlap = "(LEAST(check_out, $3)::date - GREATEST(check_in, $2)::date)";
      return Promise.all(
        periods.map(async ({ from, to }) => {
          const { rows } = await pool.query<{
            currency: string | null;
            nights: string;
            revenue: number;
            unpriced: string;
          }>(
            `SELECT currency, SUM(${overlap}) AS nights,
             SUM(CASE WHEN nightly_subtotal IS NULL THEN 0 ELSE nightly_subtotal * ${overlap} / stay_days END)::float8 AS revenue,
             SUM(CASE WHEN nightly_subtotal IS NULL THEN ${overlap} ELSE 0 END) AS unpriced
           FROM mirror_reservations r
           WHERE account_id = $1 AND check_in >= $4 AND check_in < $3 AND check_out > $2 AND stay_days > 0
             AND listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = $1 AND hidden)
             AND ${STANDING(at === undefined ? null : "$5::timestamptz")}
           GROUP BY currency ORDER BY currency NULLS FIRST`,
            [accountId, from, to, lookBack(from, longest), ...(at === undefined ? [] : [at])],
          );
          return rows.map((r) => ({
            currency: r.currency,
            nights: Number(r.nights),
            revenue: Number(r.revenue),
            nightsWithoutRevenue: Number(r.unpriced),
          }));
        }),
      );
    },
    async windowFigures(accountId, periods, window) {
      const longest = await longestStay(accountId);
      const overlap = "(LEAST(check_out, $3)::date - GREATEST(check_in, $2)::date)";
      const share = `CASE WHEN nightly_subtotal IS NULL THEN 0 ELSE nightly_subtotal * ${overlap} / stay_days END`;
      const booked = "(booked_at > $5::timestamptz AND booked_at <= $6::timestamptz)";
      const canceled = "(canceled_at > $5::timestamptz AND canceled_at <= $6::timestamptz)";
      return Promise.all(
        periods.map(async ({ from, to }) => {
          const { rows } = await pool.query<{
            currency: string | null;
            booked_nights: string;
            booked_revenue: number;
            canceled_nights: string;
            canceled_revenue: number;
          }>(
            `SELECT currency,
               SUM(CASE WHEN ${booked} THEN ${overlap} ELSE 0 END) AS booked_nights,
               SUM(CASE WHEN ${booked} THEN ${share} ELSE 0 END)::float8 AS booked_revenue,
               SUM(CASE WHEN ${canceled} THEN ${overlap} ELSE 0 END) AS canceled_nights,
               SUM(CASE WHEN ${canceled} THEN ${share} ELSE 0 END)::float8 AS canceled_revenue
             FROM mirror_reservations r
             WHERE account_id = $1 AND check_in >= $4 AND check_in < $3 AND check_out > $2 AND stay_days > 0
               AND listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = $1 AND hidden)
               AND (${booked} OR ${canceled})
             GROUP BY currency ORDER BY currency NULLS FIRST`,
            [accountId, from, to, lookBack(from, longest), window.from, window.to],
          );
          return rows.map((r) => ({
            currency: r.currency,
            bookedNights: Number(r.booked_nights),
            bookedRevenue: Number(r.booked_revenue),
            canceledNights: Number(r.canceled_nights),
            canceledRevenue: Number(r.canceled_revenue),
          }));
        }),
      );
    },
    async calendars(accountId, listingIds, range) {
      if (listingIds.length === 0) return [];
      const { rows } = await pool.query<{
        listing_id: string;
        currency: string | null;
        body: unknown;
        read_at: Date;
      }>(
        `SELECT listing_id, currency, body, read_at FROM mirror_nights
       WHERE account_id = $1 AND listing_id = ANY($2::text[]) AND date >= $3 AND date <= $4
       ORDER BY listing_id, date`,
        [accountId, listingIds, range.from, range.to],
      );
      return calendarsOf(rows, range);
    },
    async coverage(accountId) {
      const { rows } = await pool.query<{
        currency: string | null;
        total: number;
        listings: number;
        oldest: string | null;
      }>(
        `SELECT l.currency, count(*)::int AS total, count(t.done_at_ms)::int AS listings, MIN(t.done_at_ms) AS oldest
       FROM mirror_listings l LEFT JOIN mirror_tasks t ON t.account_id = l.account_id AND t.subject = l.listing_id
         AND t.kind = 'reservations' AND t.done_at_ms IS NOT NULL
       WHERE l.account_id = $1 AND NOT l.hidden GROUP BY l.currency ORDER BY l.currency`,
        [accountId],
      );
      return rows.map((r) => ({
        currency: r.currency,
        listings: r.listings,
        total: r.total,
        oldestRead: r.oldest === null ? null : new Date(Number(r.oldest)).toISOString(),
      }));
    },
  };
}
