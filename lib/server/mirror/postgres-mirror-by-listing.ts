import type { Pool } from "pg";
import { daysIn, lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import { calendarNightsOf, type CalendarNightsRow } from "@/lib/server/mirror/mirror-calendar-rows";
import type { MirrorFigureReads } from "@/lib/server/mirror/mirror-figures";
import { inScope, longestStay, scopeOf } from "@/lib/server/mirror/postgres-mirror-stays";

/**
 * The per-listing reads of every listing at once on PostgreSQL (postgres-mirror.ts): one
 * statement each, grouped by listing in SQL, so that a row per listing crosses the wire and is
 * parsed, not a row per stay or night.
 */
export function postgresByListing(
  pool: Pool,
): Pick<MirrorFigureReads, "listingNights" | "recentBookings" | "calendarNights"> {
  const flag = (column: string) => `CASE WHEN ${column} THEN '1' WHEN NOT ${column} THEN '0' ELSE '-' END`;

  return {
    async listingNights(accountId, periods, options = {}) {
      if (periods.length === 0) return [];
      const froms = periods.map((p) => p.from).sort();
      const tos = periods.map((p) => p.to).sort();
      const values: unknown[] = [
        accountId,
        lookBack(froms[0]!, await longestStay(pool, accountId)),
        froms[0],
        tos.at(-1),
        scopeOf(options.listings),
      ];
      const bound = (value: unknown) => `$${values.push(value)}`;
      const standing = STANDING(options.at === undefined ? null : `${bound(options.at)}::timestamptz`);
      // Each period's nights of a stay, worked out in the stay's own row: the periods share the
      // stays, so one pass over the widest span answers them all.
      const counts = periods.map((p) => {
        const [from, to] = [bound(p.from), bound(p.to)];
        return `SUM(GREATEST(0, LEAST(r.check_out, ${to}::text)::date - GREATEST(r.check_in, ${from}::text)::date))::int`;
      });
      const { rows } = await pool.query<{ listing_id: string; nights: number[] }>(
        `SELECT r.listing_id, ARRAY[${counts.join(", ")}] AS nights
         FROM mirror_reservations r
         WHERE r.account_id = $1 AND r.check_in >= $2 AND r.check_in < $4 AND r.check_out > $3
           AND r.stay_days > 0 AND ${standing} AND ${inScope(5)}
         GROUP BY r.listing_id ORDER BY r.listing_id`,
        values,
      );
      return rows.flatMap((r) =>
        r.nights.some((n) => n > 0) ? [{ listingId: r.listing_id, nights: r.nights.map(Number) }] : [],
      );
    },
    async recentBookings(accountId, window, options = {}) {
      const { rows } = await pool.query<{ listing_id: string; bookings: number; newest: Date }>(
        `SELECT r.listing_id, count(*)::int AS bookings, MAX(r.booked_at) AS newest
         FROM mirror_reservations r
         WHERE r.account_id = $1 AND r.booked_at > $2::timestamptz AND r.booked_at <= $3::timestamptz
           AND r.stay_days > 0 AND ${STANDING(null)} AND ${inScope(4)}
         GROUP BY r.listing_id ORDER BY r.listing_id`,
        [accountId, window.from, window.to, scopeOf(options.listings)],
      );
      return rows.map((r) => ({
        listingId: r.listing_id,
        bookings: r.bookings,
        newestBookedAt: r.newest.toISOString(),
      }));
    },
    async calendarNights(accountId, listingIds, range) {
      if (listingIds?.length === 0) return [];
      const { rows } = await pool.query<CalendarNightsRow>(
        // Each listing's nights as a few strings (calendarNightsOf), as on SQLite, read by the
        // primary key listing by listing: in date order, which calendarNightsOf checks (ORDER BY
        // in the aggregates would sort every listing's nights four times, doubling the time).
        `SELECT ids.listing_id, agg.currency, agg.read_at, agg.dates, agg.prices, agg.booked, agg.blocked
         FROM (${
           listingIds === null
             ? "SELECT listing_id FROM mirror_listings WHERE account_id = $1 AND $2::text[] IS NULL"
             : "SELECT unnest($2::text[]) AS listing_id"
         }) AS ids
         CROSS JOIN LATERAL (
           SELECT MAX(n.currency) AS currency, MIN(n.read_at) AS read_at, count(*) AS held,
             string_agg(n.date, ',') AS dates, string_agg(COALESCE(n.price::text, ''), ',') AS prices,
             string_agg(${flag("n.booked")}, '') AS booked, string_agg(${flag("n.blocked")}, '') AS blocked
           FROM mirror_nights n
           WHERE n.account_id = $1 AND n.listing_id = ids.listing_id AND n.date >= $3 AND n.date <= $4) agg
         WHERE agg.held = $5 ORDER BY ids.listing_id`,
        [accountId, listingIds === null ? null : [...listingIds], range.from, range.to, daysIn(range)],
      );
      return calendarNightsOf(rows, range);
    },
  };
}
