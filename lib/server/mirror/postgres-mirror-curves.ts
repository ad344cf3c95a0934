import type { Pool } from "pg";
import { lookBack, STANDING } from "@/lib/server/mirror/mirror-rows";
import { inScope, longestStay, scopeOf } from "@/lib/server/mirror/postgres-mirror-stays";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";

/**
 * The booking curve's and the booking windows' counts on PostgreSQL (postgres-mirror.ts): one
 * statement each, however many periods or windows are asked, grouped in SQL so that only a few
 * thousand rows reach JavaScript (lib/pace/curves.ts expands and divides them).
 */
export function postgresCurves(pool: Pool): Pick<MirrorStore, "stayLeads" | "bookingWindows"> {
  /**
   * Whole days from an instant to a day's midnight (UTC), floored. Both sides are seconds since
   * the epoch, so the session's time zone plays no part; `extract` is exact (numeric), and so is
   * the floor. NULL (an unknown booking time) stays NULL.
   */
  const daysBetween = (instant: string, day: string) =>
    `floor((((${day})::date - DATE '1970-01-01') * 86400 - extract(epoch FROM ${instant})) / 86400)`;

  return {
    async stayLeads(accountId, periods, options = {}) {
      const lists = periods.map(
        () => [] as Array<{ lead: number | null; nights: number; reservations: number }>,
      );
      if (periods.length === 0) return lists;
      const longest = await longestStay(pool, accountId);
      const first = "GREATEST(r.check_in, p.pfrom)";
      const { rows } = await pool.query<{
        i: string;
        lead: number | null;
        nights: number;
        reservations: number;
      }>(
        // Each period reaches back by the longest stay, so that the index on (account, check-in)
        // bounds the scan per period; $5 and $6 bound it across them all. Grouped by position:
        // by name, `nights` would be the table's column. LEAST ignores a NULL: an unknown booking time is kept NULL by hand.
        `SELECT p.i, CASE WHEN r.booked_at IS NULL THEN NULL ELSE LEAST(366, ${daysBetween("r.booked_at", first)})::int END AS lead,
           (LEAST(r.check_out, p.pto)::date - ${first}::date) AS nights, count(*)::int AS reservations
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p(pfrom, pto, psince, i)
         JOIN mirror_reservations r ON r.check_in >= p.psince AND r.check_in < p.pto AND r.check_out > p.pfrom
         WHERE r.account_id = $1 AND r.check_in >= $5 AND r.check_in < $6 AND r.stay_days > 0
           AND ${STANDING(null)} AND ${inScope(7)}
         GROUP BY 1, 2, 3`,
        [
          accountId,
          periods.map((p) => p.from),
          periods.map((p) => p.to),
          periods.map((p) => lookBack(p.from, longest)),
          periods.map((p) => lookBack(p.from, longest)).sort()[0]!,
          periods
            .map((p) => p.to)
            .sort()
            .at(-1)!,
          scopeOf(options.listings),
        ],
      );
      for (const r of rows)
        lists[Number(r.i) - 1]!.push({ lead: r.lead, nights: r.nights, reservations: r.reservations });
      return lists;
    },
    async bookingWindows(accountId, windows, options = {}) {
      const lists = windows.map(
        () => [] as Array<{ leadDays: number; nights: number; reservations: number }>,
      );
      if (windows.length === 0) return lists;
      // $1 the account, $2 the scope, then each window's from and to.
      const inWindow = (k: number) =>
        `(r.booked_at >= $${3 + 2 * k}::timestamptz AND r.booked_at < $${4 + 2 * k}::timestamptz)`;
      const { rows } = await pool.query<{ lead_days: number; nights: number } & Record<`n${number}`, number>>(
        // Nothing bounds a booking's check-in: the account's stays are read once, each counted
        // in every window it falls in (a year's window and last year's overlap by a day).
        `SELECT GREATEST(0, ${daysBetween("r.booked_at", "r.check_in")})::int AS lead_days, r.stay_days AS nights,
           ${windows.map((_, k) => `count(*) FILTER (WHERE ${inWindow(k)})::int AS n${k}`).join(", ")}
         FROM mirror_reservations r
         WHERE r.account_id = $1 AND (${windows.map((_, k) => inWindow(k)).join(" OR ")})
           AND r.stay_days > 0 AND ${inScope(2)}
         GROUP BY 1, 2`,
        [accountId, scopeOf(options.listings), ...windows.flatMap((w) => [w.from, w.to])],
      );
      for (const r of rows)
        windows.forEach((_, k) => {
          const reservations = r[`n${k}`]!;
          if (reservations > 0) lists[k]!.push({ leadDays: r.lead_days, nights: r.nights, reservations });
        });
      return lists;
    },
  };
}
