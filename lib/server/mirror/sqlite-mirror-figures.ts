import type Database from "better-sqlite3";
import { calendarsOf, lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import { byPeriod, mergedRows, paceFiguresOf, type PaceFigureRow } from "@/lib/server/mirror/figure-views";
import { sqliteTotals } from "@/lib/server/mirror/sqlite-mirror-totals";
import { inScope, longestStay, scopeOf } from "@/lib/server/mirror/sqlite-mirror-stays";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import type { PaceFigureOptions, WindowReservation } from "@/lib/server/mirror/mirror-figures";

type Period = { from: string; to: string };

/**
 * The mirror's figures on SQLite (sqlite-mirror.ts). Every figure is one statement over the
 * reservations that can touch the periods (an index range on check-in), joined to the periods
 * held as JSON: one pass however many periods are asked for.
 */
export function sqliteFigures(
  db: Database.Database,
): Pick<MirrorStore, "paceFigures" | "listingFigures" | "windowReservations" | "calendars" | "coverage"> {
  const inList = (ids: readonly string[]) => ids.map(() => "?").join(", ");
  const totals = sqliteTotals(db);
  // A stay inside the period is all its nights (most stays in a month): the dates' arithmetic
  // is for those across its edges.
  const overlap = `(CASE WHEN r.check_in >= p.pfrom AND r.check_out <= p.pto THEN r.stay_days
    ELSE julianday(MIN(r.check_out, p.pto)) - julianday(MAX(r.check_in, p.pfrom)) END)`;
  const booked = "(r.booked_at > @wfrom AND r.booked_at <= @wto)";
  const canceled = "(r.canceled_at > @wfrom AND r.canceled_at <= @wto)";
  /** The reservations of the scope touching any of the periods, each joined to the periods it touches. */
  const touching = (listings: readonly string[] | undefined) =>
    `FROM p CROSS JOIN mirror_reservations r
     WHERE r.account_id = @account AND r.check_in >= p.psince AND r.check_in < p.pto AND r.check_out > p.pfrom
       AND r.stay_days > 0 AND ${inScope(listings)}`;
  /** The periods as a table: their index in the caller's list, and [from, to). */
  const PERIODS = `WITH p(i, pfrom, pto, psince) AS MATERIALIZED (SELECT CAST(key AS INTEGER), json_extract(value, '$.from'),
     json_extract(value, '$.to'), json_extract(value, '$.since') FROM json_each(@periods))`;
  /** The values every statement binds: the periods, their reach back, the scope. */
  const bind = (accountId: string, periods: readonly Period[], listings: readonly string[] | undefined) => {
    const longest = longestStay(db, accountId);
    return {
      account: accountId,
      periods: JSON.stringify(periods.map(({ from, to }) => ({ from, to, since: lookBack(from, longest) }))),
      ...scopeOf(listings),
    };
  };
  const standingAt = (at: string | null) => STANDING(at === null ? null : "@at");
  /**
   * One pass: per period and currency, the books as they stand, as they stood at `at` and the
   * window's split, each a sum over the rows its condition holds for (or 0 when not asked).
   * The inner select works out each stay's nights in the period and its conditions once; its
   * LIMIT keeps SQLite from folding it into the sums, which would work them out per sum.
   */
  const paceQuery = (
    asked: { final: boolean; at: boolean; window: boolean; byListing: boolean },
    listings?: readonly string[],
  ) => {
    const conditions = {
      final: asked.final ? standingAt(null) : null,
      at: asked.at ? standingAt("@at") : null,
      booked: asked.window ? booked : null,
      canceled: asked.window ? canceled : null,
    };
    const share = "CASE WHEN subtotal IS NULL THEN 0 ELSE subtotal * ov / stay_days END";
    const sums = (name: keyof typeof conditions) =>
      conditions[name] === null
        ? `0 AS ${name}_nights, 0 AS ${name}_revenue, 0 AS ${name}_unpriced`
        : `TOTAL(is_${name} * ov) AS ${name}_nights, TOTAL(is_${name} * ${share}) AS ${name}_revenue,
           TOTAL(is_${name} * (subtotal IS NULL) * ov) AS ${name}_unpriced`;
    const questions = Object.entries(conditions).filter(([, when]) => when !== null);
    const listing = asked.byListing ? "listing_id," : "";
    return `${PERIODS}
     SELECT i, ${listing} currency, ${sums("final")}, ${sums("at")}, ${sums("booked")}, ${sums("canceled")}
     FROM (SELECT p.i AS i, r.listing_id AS listing_id, r.currency AS currency, ${overlap} AS ov,
             r.nightly_subtotal AS subtotal, r.stay_days AS stay_days,
             ${questions.map(([name, when]) => `COALESCE(${when}, 0) AS is_${name}`).join(", ")}
           ${touching(listings)} AND (${questions.map(([, when]) => when).join(" OR ")})
           LIMIT -1)
     GROUP BY i, ${listing} currency ORDER BY i, ${listing} currency`;
  };
  const paceRows = (
    accountId: string,
    periods: readonly Period[],
    options: PaceFigureOptions,
    asked: { final: boolean; byListing: boolean },
  ): Array<PaceFigureRow & { i: number; listing_id?: string }> =>
    db
      .prepare(
        paceQuery(
          { ...asked, at: options.at !== undefined, window: options.window !== undefined },
          options.listings,
        ),
      )
      .all({
        ...bind(accountId, periods, options.listings),
        ...(options.at === undefined ? {} : { at: options.at }),
        ...(options.window === undefined ? {} : { wfrom: options.window.from, wto: options.window.to }),
      }) as Array<PaceFigureRow & { i: number; listing_id?: string }>;
  return {
    async paceFigures(accountId, periods, options = {}) {
      if (periods.length === 0) return [];
      // The whole portfolio's standing books are summed by night already: the stays are passed
      // over only for what depends on when they were booked or cancelled.
      if (options.listings !== undefined)
        return byPeriod(periods, paceRows(accountId, periods, options, { final: true, byListing: false }));
      const final = totals.finalRows(accountId, periods);
      if (options.at === undefined && options.window === undefined) return byPeriod(periods, final);
      return byPeriod(
        periods,
        mergedRows(final, paceRows(accountId, periods, options, { final: false, byListing: false })),
      );
    },
    async listingFigures(accountId, period, options = {}) {
      return paceRows(accountId, [period], options, { final: true, byListing: true }).flatMap((row) => {
        const f = paceFiguresOf(row);
        const figures = options.at === undefined ? f.final : f.at;
        return figures.nights > 0 ? [{ listingId: row.listing_id!, currency: f.currency, ...figures }] : [];
      });
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
            ...scopeOf(options.listings),
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
