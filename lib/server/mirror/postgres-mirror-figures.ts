import type pg from "pg";
import type { Pool } from "pg";
import { calendarsOf, lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import type { FigureOptions, MirrorStore, WindowReservation } from "@/lib/server/mirror/mirror-store";

type Period = { from: string; to: string };

/**
 * The mirror's figures on PostgreSQL (postgres-mirror.ts). Every figure is one statement over
 * the reservations that can touch the periods (an index range on check-in), joined to the
 * periods unnested from two arrays: one pass however many periods are asked for.
 */
export function postgresFigures(
  pool: Pool,
): Pick<
  MirrorStore,
  "stayFigures" | "listingFigures" | "windowFigures" | "windowReservations" | "calendars" | "coverage"
> {
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
  const overlap = "(LEAST(r.check_out, p.pto)::date - GREATEST(r.check_in, p.pfrom)::date)";
  const share = `CASE WHEN r.nightly_subtotal IS NULL THEN 0 ELSE r.nightly_subtotal * ${overlap} / r.stay_days END`;
  const booked = "(r.booked_at > $7::timestamptz AND r.booked_at <= $8::timestamptz)";
  const canceled = "(r.canceled_at > $7::timestamptz AND r.canceled_at <= $8::timestamptz)";
  /**
   * The reservations of the scope touching any of the periods, each joined to the periods it
   * touches. Binds $1 account, $2 and $3 the periods' froms and tos, $4 the reach back, $5 the
   * last to, $6 the scope (null: every listing not hidden).
   */
  const TOUCHING = `FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS p(pfrom, pto, i)
     JOIN mirror_reservations r ON r.check_in < p.pto AND r.check_out > p.pfrom
     WHERE r.account_id = $1 AND r.check_in >= $4 AND r.check_in < $5 AND r.stay_days > 0
       AND CASE WHEN $6::text[] IS NULL
         THEN r.listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = $1 AND hidden)
         ELSE r.listing_id = ANY($6::text[]) END`;
  const bind = async (
    accountId: string,
    periods: readonly Period[],
    listings: readonly string[] | undefined,
  ) => [
    accountId,
    periods.map((p) => p.from),
    periods.map((p) => p.to),
    lookBack(periods.map((p) => p.from).sort()[0]!, await longestStay(accountId)),
    periods
      .map((p) => p.to)
      .sort()
      .at(-1)!,
    listings === undefined ? null : [...listings],
  ];
  type StayRow = {
    i: string;
    listing_id?: string;
    currency: string | null;
    nights: string;
    revenue: number;
    unpriced: string;
  };
  const stayRows = async (
    accountId: string,
    periods: readonly Period[],
    options: FigureOptions,
    byListing: boolean,
  ) =>
    (
      await pool.query<StayRow>(
        `SELECT p.i, ${byListing ? "r.listing_id," : ""} r.currency, SUM(${overlap}) AS nights,
           SUM(${share})::float8 AS revenue,
           SUM(CASE WHEN r.nightly_subtotal IS NULL THEN ${overlap} ELSE 0 END) AS unpriced
         ${TOUCHING} AND ${STANDING(options.at === undefined ? null : "$7::timestamptz")}
         GROUP BY p.i, ${byListing ? "r.listing_id," : ""} r.currency
         ORDER BY p.i, ${byListing ? "r.listing_id," : ""} r.currency NULLS FIRST`,
        [
          ...(await bind(accountId, periods, options.listings)),
          ...(options.at === undefined ? [] : [options.at]),
        ],
      )
    ).rows;
  const figuresOf = (r: StayRow) => ({
    currency: r.currency,
    nights: Number(r.nights),
    revenue: Number(r.revenue),
    nightsWithoutRevenue: Number(r.unpriced),
  });
  return {
    async stayFigures(accountId, periods, options = {}) {
      const lists = periods.map(() => [] as ReturnType<typeof figuresOf>[]);
      if (periods.length === 0) return lists;
      for (const row of await stayRows(accountId, periods, options, false))
        lists[Number(row.i) - 1]!.push(figuresOf(row));
      return lists;
    },
    async listingFigures(accountId, period, options = {}) {
      return (await stayRows(accountId, [period], options, true)).map((row) => ({
        listingId: row.listing_id!,
        ...figuresOf(row),
      }));
    },
    async windowFigures(accountId, periods, window, options = {}) {
      const lists = periods.map(
        () =>
          [] as Array<{
            currency: string | null;
            bookedNights: number;
            bookedRevenue: number;
            canceledNights: number;
            canceledRevenue: number;
          }>,
      );
      if (periods.length === 0) return lists;
      const { rows } = await pool.query<{
        i: string;
        currency: string | null;
        booked_nights: string;
        booked_revenue: number;
        canceled_nights: string;
        canceled_revenue: number;
      }>(
        `SELECT p.i, r.currency,
           SUM(CASE WHEN ${booked} THEN ${overlap} ELSE 0 END) AS booked_nights,
           SUM(CASE WHEN ${booked} THEN ${share} ELSE 0 END)::float8 AS booked_revenue,
           SUM(CASE WHEN ${canceled} THEN ${overlap} ELSE 0 END) AS canceled_nights,
           SUM(CASE WHEN ${canceled} THEN ${share} ELSE 0 END)::float8 AS canceled_revenue
         ${TOUCHING} AND (${booked} OR ${canceled})
         GROUP BY p.i, r.currency ORDER BY p.i, r.currency NULLS FIRST`,
        [...(await bind(accountId, periods, options.listings)), window.from, window.to],
      );
      for (const r of rows)
        lists[Number(r.i) - 1]!.push({
          currency: r.currency,
          bookedNights: Number(r.booked_nights),
          bookedRevenue: Number(r.booked_revenue),
          canceledNights: Number(r.canceled_nights),
          canceledRevenue: Number(r.canceled_revenue),
        });
      return lists;
    },
    async windowReservations(accountId, period, window, options = {}) {
      const { rows } = await pool.query<{
        listing_id: string;
        reservation_id: string;
        check_in: string;
        check_out: string;
        booked_at: Date | null;
        canceled_at: Date | null;
        currency: string | null;
        nights: number;
        revenue: number | null;
        booked: boolean;
        canceled: boolean;
      }>(
        `SELECT r.listing_id, r.reservation_id, r.check_in, r.check_out, r.booked_at, r.canceled_at, r.currency,
           ${overlap} AS nights,
           (CASE WHEN r.nightly_subtotal IS NULL THEN NULL ELSE r.nightly_subtotal * ${overlap} / r.stay_days END)::float8 AS revenue,
           COALESCE(${booked}, false) AS booked, COALESCE(${canceled}, false) AS canceled
         ${TOUCHING} AND (${booked} OR ${canceled})
         ORDER BY COALESCE(r.canceled_at, r.booked_at) DESC, r.listing_id, r.reservation_id`,
        [...(await bind(accountId, [period], options.listings)), window.from, window.to],
      );
      const iso = (at: Date | null) => (at === null ? null : at.toISOString());
      return rows.map((r): WindowReservation => ({
        listingId: r.listing_id,
        reservationId: r.reservation_id,
        checkIn: r.check_in,
        checkOut: r.check_out,
        bookedAt: iso(r.booked_at),
        canceledAt: iso(r.canceled_at),
        currency: r.currency,
        nights: Number(r.nights),
        revenue: r.revenue === null ? null : Number(r.revenue),
        booked: r.booked,
        canceled: r.canceled,
      }));
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
    async coverage(accountId, options = {}) {
      const { rows } = await pool.query<{
        currency: string | null;
        total: number;
        listings: number;
        oldest: string | null;
      }>(
        `SELECT l.currency, count(*)::int AS total, count(t.done_at_ms)::int AS listings, MIN(t.done_at_ms) AS oldest
       FROM mirror_listings l LEFT JOIN mirror_tasks t ON t.account_id = l.account_id AND t.subject = l.listing_id
         AND t.kind = 'reservations' AND t.done_at_ms IS NOT NULL
       WHERE l.account_id = $1 AND CASE WHEN $2::text[] IS NULL THEN NOT l.hidden ELSE l.listing_id = ANY($2::text[]) END
       GROUP BY l.currency ORDER BY l.currency`,
        [accountId, options.listings === undefined ? null : [...options.listings]],
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
