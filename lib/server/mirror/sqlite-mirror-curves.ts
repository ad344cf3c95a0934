import type Database from "better-sqlite3";
import { lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import { inScope, longestStay, scopeOf } from "@/lib/server/mirror/sqlite-mirror-stays";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";

/**
 * The booking curve's and the booking windows' counts on SQLite (sqlite-mirror.ts): one
 * statement each, however many periods or windows are asked, grouped in SQL so that only a few
 * thousand rows reach JavaScript (lib/pace/curves.ts expands and divides them).
 */
export function sqliteCurves(db: Database.Database): Pick<MirrorStore, "stayLeads" | "bookingWindows"> {
  /**
   * Whole days from an instant to a day's midnight, floored. julianday's difference is rounded
   * to the millisecond first: float noise must never tip a booking made at midnight into the
   * day before. NULL (an unknown booking time) stays NULL.
   */
  const daysBetween = (instant: string, day: string) =>
    `floor(round((julianday(${day}) - julianday(${instant})) * 86400000) / 86400000.0)`;

  return {
    async stayLeads(accountId, periods, options = {}) {
      const lists = periods.map(
        () => [] as Array<{ lead: number | null; nights: number; reservations: number }>,
      );
      if (periods.length === 0) return lists;
      const longest = longestStay(db, accountId);
      const first = "MAX(r.check_in, p.pfrom)";
      const rows = db
        .prepare(
          // The periods held as JSON, each reaching back by the longest stay so that the index
          // on (account, check-in) bounds the scan per period (`+r.stay_days`: not the index on
          // stay length, see bookingWindows).
          `WITH p(i, pfrom, pto, psince) AS MATERIALIZED (SELECT CAST(key AS INTEGER), json_extract(value, '$.from'),
             json_extract(value, '$.to'), json_extract(value, '$.since') FROM json_each(@periods))
           SELECT p.i AS i, MIN(366, ${daysBetween("r.booked_at", first)}) AS lead,
             CAST(round(julianday(MIN(r.check_out, p.pto)) - julianday(${first})) AS INTEGER) AS nights,
             count(*) AS reservations
           FROM p CROSS JOIN mirror_reservations r
           WHERE r.account_id = @account AND r.check_in >= p.psince AND r.check_in < p.pto AND r.check_out > p.pfrom
             AND +r.stay_days > 0 AND ${STANDING(null)} AND ${inScope(options.listings)}
           GROUP BY 1, 2, 3`,
        )
        .all({
          account: accountId,
          periods: JSON.stringify(
            periods.map(({ from, to }) => ({ from, to, since: lookBack(from, longest) })),
          ),
          ...scopeOf(options.listings),
        }) as Array<{ i: number; lead: number | null; nights: number; reservations: number }>;
      for (const r of rows)
        lists[r.i]!.push({
          lead: r.lead === null ? null : Number(r.lead),
          nights: r.nights,
          reservations: r.reservations,
        });
      return lists;
    },
    async bookingWindows(accountId, windows, options = {}) {
      const lists = windows.map(
        () => [] as Array<{ leadDays: number; nights: number; reservations: number }>,
      );
      if (windows.length === 0) return lists;
      const inWindow = (k: number) => `(r.booked_at >= @from${k} AND r.booked_at < @to${k})`;
      const rows = db
        .prepare(
          // Nothing bounds a booking's check-in: the account's stays are read once, each counted
          // in every window it falls in (a year's window and last year's overlap by a day).
          // Instants are the store's ISO text: they compare as text. `+r.stay_days` keeps the
          // planner off the index on stay length, which is not covering: through it, the rows'
          // large bodies were read and the statement took five times as long.
          `SELECT MAX(0, ${daysBetween("r.booked_at", "r.check_in")}) AS lead_days, +r.stay_days AS nights,
             ${windows.map((_, k) => `count(*) FILTER (WHERE ${inWindow(k)}) AS n${k}`).join(", ")}
           FROM mirror_reservations r
           WHERE r.account_id = @account AND (${windows.map((_, k) => inWindow(k)).join(" OR ")})
             AND +r.stay_days > 0 AND ${inScope(options.listings)}
           GROUP BY 1, 2`,
        )
        .all({
          account: accountId,
          ...Object.fromEntries(
            windows.flatMap((w, k) => [
              [`from${k}`, w.from],
              [`to${k}`, w.to],
            ]),
          ),
          ...scopeOf(options.listings),
        }) as Array<{ lead_days: number; nights: number } & Record<`n${number}`, number>>;
      for (const r of rows)
        windows.forEach((_, k) => {
          const reservations = r[`n${k}`]!;
          if (reservations > 0)
            lists[k]!.push({ leadDays: Number(r.lead_days), nights: r.nights, reservations });
        });
      return lists;
    },
  };
}
