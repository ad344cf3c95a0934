/**
 * A listing's reservations filtered by `date_filter_type` over start_date..end_date (both
 * included; either end may be left open):
 * - stay: the stay overlaps the range (a night from check_in to the night before check_out
 *   falls in it);
 * - booked: the UTC date of booked_at falls in it;
 * - check_in / check_out: that date falls in it.
 * Ordered by check_in, then reservation id; paged by the interface's pagination.
 */
import {
  DATE_FILTER_TYPE_DEFAULT,
  type DateFilterType,
  type Reservation,
  type ReservationsQuery,
} from "../../../lib/svc/schemas/reservations";
import type { SandboxContext } from "../../context";
import { pageWindow } from "../../http";
import type { ListingRow } from "../access";

type ReservationRow = Omit<Reservation, "listing_id" | "channel">;

/** SQL conditions of each filter type, on @start and @end (NULL: open). */
const FILTERS: Record<DateFilterType, string> = {
  stay: `(@end IS NULL OR check_in <= @end) AND (@start IS NULL OR check_out > @start)`,
  booked: `(@start IS NULL OR substr(booked_at, 1, 10) >= @start) AND (@end IS NULL OR substr(booked_at, 1, 10) <= @end)`,
  check_in: `(@start IS NULL OR check_in >= @start) AND (@end IS NULL OR check_in <= @end)`,
  check_out: `(@start IS NULL OR check_out >= @start) AND (@end IS NULL OR check_out <= @end)`,
};

export function listReservations(
  ctx: SandboxContext,
  listing: ListingRow,
  listingId: string,
  query: ReservationsQuery,
): { items: Reservation[]; total: number } {
  const where = `listing_svc_id = @id AND ${FILTERS[query.date_filter_type ?? DATE_FILTER_TYPE_DEFAULT]}`;
  const params = { id: listing.svc_id, start: query.start_date ?? null, end: query.end_date ?? null };
  const page = pageWindow(query);
  const { total } = ctx.db
    .prepare(`SELECT COUNT(*) AS total FROM reservations WHERE ${where}`)
    .get(params) as {
    total: number;
  };
  const rows = ctx.db
    .prepare(
      `SELECT reservation_id, status, check_in, check_out, nights, guests, booked_at, canceled_at, currency,
              nightly_subtotal, fees, taxes, payout, total_price, comments, source_name
       FROM reservations WHERE ${where}
       ORDER BY check_in, reservation_id LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: page.limit, offset: page.offset }) as ReservationRow[];
  return {
    total,
    items: rows.map((r) => ({ ...r, listing_id: listingId, channel: listing.channel })),
  };
}
