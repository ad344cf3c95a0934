import type Database from "better-sqlite3";
import { calendarsOf, lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";

/** The mirror's figures on SQLite (sqlite-mirror.ts): stays per period, coverage, calendars. */
export function sqliteFigures(
  db: Database.Database,
): Pick<MirrorStore, "stayFigures" | "windowFigures" | "calendars" | "coverage"> {
  const inList = (ids: readonly string[]) => ids.map(() => "?").join(", ");
  /** The longest stay held: how far back a stay touching a period can start. */
  const longestStay = (accountId: string) =>
    db
      .prepare<[string], { longest: number | null }>(
        "SELECT MAX(stay_days) AS longest FROM mirror_reservations WHERE account_id = ?",
      )
      .get(accountId)?.longest ?? 0;
  return {
    async stayFigures(accountId, periods, at) {
      const longest = longestStay(accountId);
      const overlap = "(julianday(MIN(check_out, @to)) - julianday(MAX(check_in, @from)))";
      const query = db.prepare(
        `SELECT currency, SUM(${overlap}) AS nights,
         SUM(CASE WHEN nightly_subtotal IS NULL THEN 0 ELSE nightly_subtotal * ${overlap} / stay_days END) AS revenue,
         SUM(CASE WHEN nightly_subtotal IS NULL THEN ${overlap} ELSE 0 END) AS unpriced
       FROM mirror_reservations r
       WHERE account_id = @account AND check_in >= @since AND check_in < @to AND check_out > @from AND stay_days > 0
         AND listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = @account AND hidden = 1)
         AND ${STANDING(at === undefined ? null : "@at")}
       GROUP BY currency ORDER BY currency`,
      );
      return periods.map(({ from, to }) =>
        (
          query.all({
            account: accountId,
            from,
            to,
            since: lookBack(from, longest),
            ...(at === undefined ? {} : { at }),
          }) as Array<{
            currency: string | null;
            nights: number;
            revenue: number;
            unpriced: number;
          }>
        ).map((r) => ({
          currency: r.currency,
          nights: Math.round(r.nights),
          revenue: r.revenue,
          nightsWithoutRevenue: Math.round(r.unpriced),
        })),
      );
    },
    async windowFigures(accountId, periods, window) {
      const longest = longestStay(accountId);
      const overlap = "(julianday(MIN(check_out, @to)) - julianday(MAX(check_in, @from)))";
      const share = `CASE WHEN nightly_subtotal IS NULL THEN 0 ELSE nightly_subtotal * ${overlap} / stay_days END`;
      const booked = "(booked_at > @wfrom AND booked_at <= @wto)";
      const canceled = "(canceled_at > @wfrom AND canceled_at <= @wto)";
      const query = db.prepare(
        `SELECT currency,
           SUM(CASE WHEN ${booked} THEN ${overlap} ELSE 0 END) AS booked_nights,
           SUM(CASE WHEN ${booked} THEN ${share} ELSE 0 END) AS booked_revenue,
           SUM(CASE WHEN ${canceled} THEN ${overlap} ELSE 0 END) AS canceled_nights,
           SUM(CASE WHEN ${canceled} THEN ${share} ELSE 0 END) AS canceled_revenue
         FROM mirror_reservations r
         WHERE account_id = @account AND check_in >= @since AND check_in < @to AND check_out > @from AND stay_days > 0
           AND listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = @account AND hidden = 1)
           AND (${booked} OR ${canceled})
         GROUP BY currency ORDER BY currency`,
      );
      return periods.map(({ from, to }) =>
        (
          query.all({
            account: accountId,
            from,
            to,
            since: lookBack(from, longest),
            wfrom: window.from,
            wto: window.to,
          }) as Array<{
            currency: string | null;
            booked_nights: number;
            booked_revenue: number;
            canceled_nights: number;
            canceled_revenue: number;
          }>
        ).map((r) => ({
          currency: r.currency,
          bookedNights: Math.round(r.booked_nights),
          bookedRevenue: r.booked_revenue,
          canceledNights: Math.round(r.canceled_nights),
          canceledRevenue: r.canceled_revenue,
        })),
      );
    },
    async calendars(accountId, listingIds, range) {
      if (listingIds.length === 0) return [];
      const rows = db
        .prepare(
          `SELECT listing_id, currency, body, read_at FROM mirror_nights
         WHERE account_id = ? AND listing_id IN (${inList(listingIds)}) AND date >= ? AND date <= ?
         ORDER BY listing_id, date`,
        )
        .all(accountId, ...listingIds, range.from, range.to) as Array<{
        listing_id: string;
        currency: string | null;
        body: string;
        read_at: string;
      }>;
      return calendarsOf(rows, range);
    },
    async coverage(accountId) {
      return (
        db
          .prepare(
            `SELECT l.currency AS currency, count(*) AS total, count(t.done_at_ms) AS listings, MIN(t.done_at_ms) AS oldest
           FROM mirror_listings l LEFT JOIN mirror_tasks t ON t.account_id = l.account_id AND t.subject = l.listing_id
             AND t.kind = 'reservations' AND t.done_at_ms IS NOT NULL
           WHERE l.account_id = ? AND l.hidden = 0 GROUP BY l.currency ORDER BY l.currency`,
          )
          .all(accountId) as Array<{
          currency: string | null;
          total: number;
          listings: number;
          oldest: number | null;
        }>
      ).map((r) => ({
        currency: r.currency,
        listings: r.listings,
        total: r.total,
        oldestRead: r.oldest === null ? null : new Date(r.oldest).toISOString(),
      }));
    },
  };
}
