import type Database from "better-sqlite3";
import { calendarsOf, lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import type { FigureOptions, MirrorStore, WindowReservation } from "@/lib/server/mirror/mirror-store";

type Period = { from: string; to: string };

/**
 * The mirror's figures on SQLite (sqlite-mirror.ts). Every figure is one statement over the
 * reservations that can touch the periods (an index range on check-in), joined to the periods
 * held as JSON: one pass however many periods are asked for.
 */
export function sqliteFigures(
  db: Database.Database,
): Pick<
  MirrorStore,
  "stayFigures" | "listingFigures" | "windowFigures" | "windowReservations" | "calendars" | "coverage"
> {
  const inList = (ids: readonly string[]) => ids.map(() => "?").join(", ");
  /** The longest stay held: how far back a stay touching a period can start. */
  const longestStay = (accountId: string) =>
    db
      .prepare<[string], { longest: number | null }>(
        "SELECT MAX(stay_days) AS longest FROM mirror_reservations WHERE account_id = ?",
      )
      .get(accountId)?.longest ?? 0;
  const overlap = "(julianday(MIN(r.check_out, p.pto)) - julianday(MAX(r.check_in, p.pfrom)))";
  const share = `CASE WHEN r.nightly_subtotal IS NULL THEN 0 ELSE r.nightly_subtotal * ${overlap} / r.stay_days END`;
  const booked = "(r.booked_at > @wfrom AND r.booked_at <= @wto)";
  const canceled = "(r.canceled_at > @wfrom AND r.canceled_at <= @wto)";
  /** The reservations of the scope touching any of the periods, each joined to the periods it touches. */
  const touching = (listings: readonly string[] | undefined) =>
    `FROM p CROSS JOIN mirror_reservations r
     WHERE r.account_id = @account AND r.check_in >= p.psince AND r.check_in < p.pto AND r.check_out > p.pfrom
       AND r.stay_days > 0
       AND ${
         listings === undefined
           ? "r.listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = @account AND hidden = 1)"
           : "r.listing_id IN (SELECT value FROM json_each(@listings))"
       }`;
  /** The periods as a table: their index in the caller's list, and [from, to). */
  const PERIODS = `WITH p(i, pfrom, pto, psince) AS MATERIALIZED (SELECT CAST(key AS INTEGER), json_extract(value, '$.from'),
     json_extract(value, '$.to'), json_extract(value, '$.since') FROM json_each(@periods))`;
  /** The values every statement binds: the periods, their reach back, the scope. */
  const bind = (accountId: string, periods: readonly Period[], listings: readonly string[] | undefined) => {
    const longest = longestStay(accountId);
    return {
      account: accountId,
      periods: JSON.stringify(periods.map(({ from, to }) => ({ from, to, since: lookBack(from, longest) }))),
      ...(listings === undefined ? {} : { listings: JSON.stringify(listings) }),
    };
  };
  const stayQuery = (options: FigureOptions, byListing: boolean) =>
    `${PERIODS}
     SELECT p.i AS i, ${byListing ? "r.listing_id AS listing_id," : ""} r.currency AS currency,
       SUM(${overlap}) AS nights, SUM(${share}) AS revenue,
       SUM(CASE WHEN r.nightly_subtotal IS NULL THEN ${overlap} ELSE 0 END) AS unpriced
     ${touching(options.listings)} AND ${STANDING(options.at === undefined ? null : "@at")}
     GROUP BY p.i, ${byListing ? "r.listing_id," : ""} r.currency ORDER BY p.i, ${byListing ? "r.listing_id," : ""} r.currency`;
  type StayRow = {
    i: number;
    listing_id?: string;
    currency: string | null;
    nights: number;
    revenue: number;
    unpriced: number;
  };
  const stayRows = (
    accountId: string,
    periods: readonly Period[],
    options: FigureOptions,
    byListing: boolean,
  ) =>
    db.prepare(stayQuery(options, byListing)).all({
      ...bind(accountId, periods, options.listings),
      ...(options.at === undefined ? {} : { at: options.at }),
    }) as StayRow[];
  const figuresOf = (r: StayRow) => ({
    currency: r.currency,
    nights: Math.round(r.nights),
    revenue: r.revenue,
    nightsWithoutRevenue: Math.round(r.unpriced),
  });
  return {
    async stayFigures(accountId, periods, options = {}) {
      const lists = periods.map(() => [] as ReturnType<typeof figuresOf>[]);
      if (periods.length === 0) return lists;
      for (const row of stayRows(accountId, periods, options, false)) lists[row.i]!.push(figuresOf(row));
      return lists;
    },
    async listingFigures(accountId, period, options = {}) {
      return stayRows(accountId, [period], options, true).map((row) => ({
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
      const rows = db
        .prepare(
          `${PERIODS}
           SELECT p.i AS i, r.currency AS currency,
             SUM(CASE WHEN ${booked} THEN ${overlap} ELSE 0 END) AS booked_nights,
             SUM(CASE WHEN ${booked} THEN ${share} ELSE 0 END) AS booked_revenue,
             SUM(CASE WHEN ${canceled} THEN ${overlap} ELSE 0 END) AS canceled_nights,
             SUM(CASE WHEN ${canceled} THEN ${share} ELSE 0 END) AS canceled_revenue
           ${touching(options.listings)} AND (${booked} OR ${canceled})
           GROUP BY p.i, r.currency ORDER BY p.i, r.currency`,
        )
        .all({ ...bind(accountId, periods, options.listings), wfrom: window.from, wto: window.to }) as Array<{
        i: number;
        currency: string | null;
        booked_nights: number;
        booked_revenue: number;
        canceled_nights: number;
        canceled_revenue: number;
      }>;
      for (const r of rows)
        lists[r.i]!.push({
          currency: r.currency,
          bookedNights: Math.round(r.booked_nights),
          bookedRevenue: r.booked_revenue,
          canceledNights: Math.round(r.canceled_nights),
          canceledRevenue: r.canceled_revenue,
        });
      return lists;
    },
    async windowReservations(accountId, period, window, options = {}) {
      const rows = db
        .prepare(
          `${PERIODS}
           SELECT r.listing_id, r.reservation_id, r.check_in, r.check_out, r.booked_at, r.canceled_at, r.currency,
             ${overlap} AS nights,
             CASE WHEN r.nightly_subtotal IS NULL THEN NULL ELSE r.nightly_subtotal * ${overlap} / r.stay_days END AS revenue,
             ${booked} AS booked, ${canceled} AS canceled
           ${touching(options.listings)} AND (${booked} OR ${canceled})
           ORDER BY COALESCE(r.canceled_at, r.booked_at) DESC, r.listing_id, r.reservation_id`,
        )
        .all({
          ...bind(accountId, [period], options.listings),
          wfrom: window.from,
          wto: window.to,
        }) as Array<{
        listing_id: string;
        reservation_id: string;
        check_in: string;
        check_out: string;
        booked_at: string | null;
        canceled_at: string | null;
        currency: string | null;
        nights: number;
        revenue: number | null;
        booked: number;
        canceled: number;
      }>;
      return rows.map((r): WindowReservation => ({
        listingId: r.listing_id,
        reservationId: r.reservation_id,
        checkIn: r.check_in,
        checkOut: r.check_out,
        bookedAt: r.booked_at,
        canceledAt: r.canceled_at,
        currency: r.currency,
        nights: Math.round(r.nights),
        revenue: r.revenue,
        booked: r.booked === 1,
        canceled: r.canceled === 1,
      }));
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
    async coverage(accountId, options = {}) {
      return (
        db
          .prepare(
            `SELECT l.currency AS currency, count(*) AS total, count(t.done_at_ms) AS listings, MIN(t.done_at_ms) AS oldest
           FROM mirror_listings l LEFT JOIN mirror_tasks t ON t.account_id = l.account_id AND t.subject = l.listing_id
             AND t.kind = 'reservations' AND t.done_at_ms IS NOT NULL
           WHERE l.account_id = @account AND ${
             options.listings === undefined
               ? "l.hidden = 0"
               : "l.listing_id IN (SELECT value FROM json_each(@listings))"
           }
           GROUP BY l.currency ORDER BY l.currency`,
          )
          .all({
            account: accountId,
            ...(options.listings === undefined ? {} : { listings: JSON.stringify(options.listings) }),
          }) as Array<{
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
