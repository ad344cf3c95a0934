import type Database from "better-sqlite3";
import { daysIn, lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import { calendarNightsOf, type CalendarNightsRow } from "@/lib/server/mirror/mirror-calendar-rows";
import type { MirrorFigureReads } from "@/lib/server/mirror/mirror-figures";
import { inScope, longestStay, scopeOf } from "@/lib/server/mirror/sqlite-mirror-stays";

/**
 * The per-listing reads of every listing at once on SQLite (sqlite-mirror.ts): one statement
 * each, grouped by listing in SQL. Turning a row into a JavaScript object costs more than
 * SQLite's own pass over it, so what reaches JavaScript is a row per listing, not per stay or
 * night.
 */
export function sqliteByListing(
  db: Database.Database,
): Pick<MirrorFigureReads, "listingNights" | "recentBookings" | "calendarNights"> {
  const flag = (column: string) => `CASE ${column} WHEN 1 THEN '1' WHEN 0 THEN '0' ELSE '-' END`;

  return {
    async listingNights(accountId, periods, options = {}) {
      if (periods.length === 0) return [];
      const froms = periods.map((p) => p.from).sort();
      const tos = periods.map((p) => p.to).sort();
      // Each period's nights of a stay, worked out in the stay's own row: the periods share the
      // stays, so one pass over the widest span answers them all.
      const counts = periods.map(
        (_, i) => `TOTAL(CASE WHEN r.check_in >= @from${i} AND r.check_out <= @to${i} THEN r.stay_days
           WHEN r.check_out <= @from${i} OR r.check_in >= @to${i} THEN 0
           ELSE julianday(MIN(r.check_out, @to${i})) - julianday(MAX(r.check_in, @from${i})) END) AS n${i}`,
      );
      const rows = db
        .prepare(
          `SELECT r.listing_id, ${counts.join(", ")}
           FROM mirror_reservations r INDEXED BY mirror_reservations_pace
           WHERE r.account_id = @account AND r.check_in >= @since AND r.check_in < @until AND r.check_out > @first
             AND r.stay_days > 0 AND ${STANDING(options.at === undefined ? null : "@at")}
             AND ${inScope(options.listings)}
           GROUP BY r.listing_id ORDER BY r.listing_id`,
        )
        .raw()
        .all({
          account: accountId,
          since: lookBack(froms[0]!, longestStay(db, accountId)),
          first: froms[0],
          until: tos.at(-1),
          ...Object.fromEntries(
            periods.flatMap((p, i) => [
              [`from${i}`, p.from],
              [`to${i}`, p.to],
            ]),
          ),
          ...(options.at === undefined ? {} : { at: options.at }),
          ...scopeOf(options.listings),
        }) as Array<[string, ...number[]]>;
      return rows.flatMap(([listingId, ...nights]) => {
        const whole = nights.map((n) => Math.round(n));
        return whole.some((n) => n > 0) ? [{ listingId, nights: whole }] : [];
      });
    },
    async recentBookings(accountId, window, options = {}) {
      const rows = db
        .prepare(
          `SELECT r.listing_id, count(*) AS bookings, MAX(r.booked_at) AS newest
           FROM mirror_reservations r INDEXED BY mirror_reservations_bookings
           WHERE r.account_id = @account AND r.booked_at > @from AND r.booked_at <= @to
             AND r.stay_days > 0 AND ${STANDING(null)} AND ${inScope(options.listings)}
           GROUP BY r.listing_id ORDER BY r.listing_id`,
        )
        .all({
          account: accountId,
          from: window.from,
          to: window.to,
          ...scopeOf(options.listings),
        }) as Array<{ listing_id: string; bookings: number; newest: string }>;
      return rows.map((r) => ({ listingId: r.listing_id, bookings: r.bookings, newestBookedAt: r.newest }));
    },
    async calendarNights(accountId, listingIds, range) {
      if (listingIds?.length === 0) return [];
      const rows = db
        .prepare(
          // Each listing's nights as a few strings (calendarNightsOf): JSON's nested arrays take
          // longer to build and to parse. The primary key hands the nights over in date order;
          // calendarNightsOf sorts them should it not (ORDER BY in the aggregates costs a third more).
          `SELECT n.listing_id, MAX(n.currency) AS currency, MIN(n.read_at) AS read_at,
             group_concat(n.date, ',') AS dates, group_concat(ifnull(n.price, ''), ',') AS prices,
             group_concat(${flag("n.booked")}, '') AS booked, group_concat(${flag("n.blocked")}, '') AS blocked
           FROM mirror_nights n
           WHERE n.account_id = @account AND n.listing_id IN (${
             listingIds === null
               ? "SELECT listing_id FROM mirror_listings WHERE account_id = @account"
               : "SELECT value FROM json_each(@listings)"
           }) AND n.date >= @from AND n.date <= @to
           GROUP BY n.listing_id HAVING count(*) = @days ORDER BY n.listing_id`,
        )
        .all({
          account: accountId,
          ...(listingIds === null ? {} : { listings: JSON.stringify(listingIds) }),
          from: range.from,
          to: range.to,
          days: daysIn(range),
        }) as CalendarNightsRow[];
      return calendarNightsOf(rows, range);
    },
  };
}
