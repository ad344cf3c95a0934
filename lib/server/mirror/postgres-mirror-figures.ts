import type { Pool } from "pg";
import { calendarsOf, lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import { byPeriod, mergedRows, paceFiguresOf, type PaceFigureRow } from "@/lib/server/mirror/figure-views";
import { postgresTotals } from "@/lib/server/mirror/postgres-mirror-totals";
import { inScope, longestStay, scopeOf } from "@/lib/server/mirror/postgres-mirror-stays";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import type { PaceFigureOptions, WindowReservation } from "@/lib/server/mirror/mirror-figures";

type Period = { from: string; to: string };

/**
 * The mirror's figures on PostgreSQL (postgres-mirror.ts). Every figure is one statement over
 * the reservations that can touch the periods (an index range on check-in), joined to the
 * periods unnested from two arrays: one pass however many periods are asked for.
 */
export function postgresFigures(
  pool: Pool,
): Pick<MirrorStore, "paceFigures" | "listingFigures" | "windowReservations" | "calendars" | "coverage"> {
  const overlap = "(LEAST(r.check_out, p.pto)::date - GREATEST(r.check_in, p.pfrom)::date)";
  const booked = "(r.booked_at > $7::timestamptz AND r.booked_at <= $8::timestamptz)";
  const canceled = "(r.canceled_at > $7::timestamptz AND r.canceled_at <= $8::timestamptz)";
  /**
   * The reservations of the scope touching any of the periods, each joined to the periods it
   * touches (an index range per period: from its reach back to its end). Binds $1 account,
   * $2, $3, $4 the periods' froms, tos and reaches back, $5 the scope (null: every listing not
   * hidden); $6 an instant, $7 and $8 a window, null when not asked.
   */
  // Every statement binds all eight (PostgreSQL refuses a parameter it cannot type): the
  // one-row "declared" names those a statement does not otherwise read.
  const TOUCHING = `FROM (SELECT $6::timestamptz, $7::timestamptz, $8::timestamptz) AS declared,
     unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p(pfrom, pto, psince, i)
     CROSS JOIN LATERAL (SELECT * FROM mirror_reservations r WHERE r.account_id = $1
       AND r.check_in >= p.psince AND r.check_in < p.pto AND r.check_out > p.pfrom OFFSET 0) r
     WHERE r.stay_days > 0 AND ${inScope(5)}`;
  const bind = async (
    accountId: string,
    periods: readonly Period[],
    options: PaceFigureOptions,
  ): Promise<unknown[]> => {
    const longest = await longestStay(pool, accountId);
    return [
      accountId,
      periods.map((p) => p.from),
      periods.map((p) => p.to),
      periods.map((p) => lookBack(p.from, longest)),
      scopeOf(options.listings),
      options.at ?? null,
      options.window?.from ?? null,
      options.window?.to ?? null,
    ];
  };
  /**
   * One pass: per period and currency, the books as they stand, as they stood at `at` and the
   * window's split, each a sum over the rows its condition holds for (or 0 when not asked).
   */
  /**
   * PostgreSQL works a lateral join on one core: the periods go in two statements on two of the
   * pool's connections, so that a pass over a year of stays takes both halves of its time at once.
   */
  const paceRows = async (
    accountId: string,
    periods: readonly Period[],
    options: PaceFigureOptions,
    asked: { final: boolean; byListing: boolean },
  ) => {
    if (periods.length < 2) return paceRowsOnce(accountId, periods, options, asked);
    const half = Math.ceil(periods.length / 2);
    const [first, second] = await Promise.all([
      paceRowsOnce(accountId, periods.slice(0, half), options, asked),
      paceRowsOnce(accountId, periods.slice(half), options, asked),
    ]);
    return [...first, ...second.map((row) => ({ ...row, i: row.i + half }))];
  };
  const paceRowsOnce = async (
    accountId: string,
    periods: readonly Period[],
    options: PaceFigureOptions,
    { final, byListing }: { final: boolean; byListing: boolean },
  ) => {
    const conditions = {
      final: final ? STANDING(null) : null,
      at: options.at === undefined ? null : STANDING("$6::timestamptz"),
      booked: options.window === undefined ? null : booked,
      canceled: options.window === undefined ? null : canceled,
    };
    const sums = (name: keyof typeof conditions) =>
      conditions[name] === null
        ? `0 AS ${name}_nights, 0 AS ${name}_revenue, 0 AS ${name}_unpriced`
        : `COALESCE(SUM(ov) FILTER (WHERE is_${name}), 0) AS ${name}_nights,
           COALESCE(SUM(CASE WHEN subtotal IS NULL THEN 0 ELSE subtotal * ov / stay_days END) FILTER (WHERE is_${name}), 0)::float8 AS ${name}_revenue,
           COALESCE(SUM(ov) FILTER (WHERE is_${name} AND subtotal IS NULL), 0) AS ${name}_unpriced`;
    const asked = Object.entries(conditions).filter(([, when]) => when !== null);
    const listing = byListing ? "listing_id," : "";
    const { rows } = await pool.query<PaceFigureRow & { i: string; listing_id?: string }>(
      `SELECT i, ${listing} currency, ${sums("final")}, ${sums("at")}, ${sums("booked")}, ${sums("canceled")}
       FROM (SELECT p.i, r.listing_id, r.currency, r.nightly_subtotal AS subtotal, r.stay_days, ${overlap} AS ov,
         ${asked.map(([name, when]) => `COALESCE(${when}, false) AS is_${name}`).join(", ")}
         ${TOUCHING} AND (${asked.map(([, when]) => when).join(" OR ")})) t
       GROUP BY i, ${listing} currency ORDER BY i, ${listing} currency NULLS FIRST`,
      await bind(accountId, periods, options),
    );
    return rows.map((row) => ({ ...row, i: Number(row.i) - 1 }));
  };
  return {
    async paceFigures(accountId, periods, options = {}) {
      if (periods.length === 0) return [];
      // As on SQLite: the whole portfolio's standing books come from the night totals.
      if (options.listings !== undefined)
        return byPeriod(
          periods,
          await paceRows(accountId, periods, options, { final: true, byListing: false }),
        );
      const [final, rest] = await Promise.all([
        postgresTotals.finalRows(pool, accountId, periods),
        options.at === undefined && options.window === undefined
          ? []
          : paceRows(accountId, periods, options, { final: false, byListing: false }),
      ]);
      return byPeriod(periods, mergedRows(final, rest));
    },
    async listingFigures(accountId, period, options = {}) {
      return (await paceRows(accountId, [period], options, { final: true, byListing: true })).flatMap(
        (row) => {
          const f = paceFiguresOf(row);
          const figures = options.at === undefined ? f.final : f.at;
          return figures.nights > 0 ? [{ listingId: row.listing_id!, currency: f.currency, ...figures }] : [];
        },
      );
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
        await bind(accountId, [period], { ...options, window }),
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
        [accountId, scopeOf(options.listings)],
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
