import { addDays, parseISO, subDays } from "date-fns";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { recordReservationImported } from "../records/postings";
import { NOTHING_EMITTED, day, emit, requireListing, type Emitted, type SimulateResult } from "./common";

export const RESERVATION_ACTIONS = ["new", "amend", "cancel", "remove", "disappear", "reread"] as const;
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

/**
 * Cancellation by disappearance reaches back this many days: a reservation the channel stops
 * returning is cancelled when its check_out is on or after today minus 30 days (a stay that
 * ended within the last 30 days, or a current or upcoming one). An older stay is left as it
 * is and nothing fires.
 */
export const DISAPPEARANCE_HORIZON_DAYS = 30;

type NightRow = { date: string; price: number; available: number };
type HeldRow = {
  reservation_id: string;
  status: "Accepted" | "Canceled";
  check_in: string;
  check_out: string;
};

/** A new booking on the first three consecutive open nights two weeks out or later. */
function book(ctx: SandboxContext, svcId: string, currency: string): string {
  const now = ctx.clock.now();
  const nights = ctx.db
    .prepare(
      `SELECT date, price, available FROM calendar_nights WHERE listing_svc_id = ? AND date >= ? ORDER BY date`,
    )
    .all(svcId, day(addDays(now, 14))) as NightRow[];
  const start = nights.findIndex((_, i) => {
    const run = nights.slice(i, i + 3);
    return run.length === 3 && run.every((m) => m.available === 1);
  });
  if (start < 0) throw new ApiError(409, "no_availability", "The listing has no three open nights to book.");
  const stay = nights.slice(start, start + 3);
  const checkOut = day(addDays(parseISO(stay[2]!.date), 1));
  const subtotal = stay.reduce((sum, n) => sum + n.price, 0);
  const round = (v: number) => Math.round(v * 100) / 100;
  // A counter, not a row count, so a removed reservation never frees its id for reuse.
  const stored = ctx.db.prepare(`SELECT value FROM meta WHERE key = 'sim_reservations'`).get() as
    { value: string } | undefined;
  const serial = Number(stored?.value ?? 0) + 1;
  const reservationId = `SIM${String(serial).padStart(7, "0")}`;
  ctx.db
    .prepare(
      `INSERT INTO meta (key, value) VALUES ('sim_reservations', ?)
       ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    )
    .run(String(serial));
  ctx.db
    .prepare(
      `INSERT INTO reservations (reservation_id, listing_svc_id, status, check_in, check_out, nights,
         guests, booked_at, canceled_at, currency, nightly_subtotal, fees, taxes, payout, total_price,
         comments, source_name)
       VALUES (?, ?, 'Accepted', ?, ?, 3, 2, ?, NULL, ?, ?, 0, ?, ?, ?, NULL, 'simulated')`,
    )
    .run(
      reservationId,
      svcId,
      stay[0]!.date,
      checkOut,
      isoTimestamp(now),
      currency,
      subtotal,
      round(subtotal * 0.1),
      round(subtotal * 0.97),
      round(subtotal * 1.1),
    );
  const take = ctx.db.prepare(
    `UPDATE calendar_nights SET available = 0, reservation_id = ? WHERE listing_svc_id = ? AND date = ?`,
  );
  for (const n of stay) take.run(reservationId, svcId, n.date);
  return reservationId;
}

/** The reservation named, or by default the listing's next upcoming one that stands. */
function target(ctx: SandboxContext, svcId: string, reservationId: string | undefined): HeldRow {
  const columns = `reservation_id, status, check_in, check_out`;
  if (reservationId !== undefined) {
    const row = ctx.db
      .prepare(`SELECT ${columns} FROM reservations WHERE reservation_id = ? AND listing_svc_id = ?`)
      .get(reservationId, svcId) as HeldRow | undefined;
    if (!row) {
      throw new ApiError(
        404,
        "reservation_not_found",
        `Listing ${svcId} holds no reservation ${reservationId}.`,
      );
    }
    return row;
  }
  const row = ctx.db
    .prepare(
      `SELECT ${columns} FROM reservations WHERE listing_svc_id = ? AND status = 'Accepted' AND check_in >= ?
       ORDER BY check_in, reservation_id LIMIT 1`,
    )
    .get(svcId, ctx.clock.today()) as HeldRow | undefined;
  if (!row) throw new ApiError(409, "no_reservation", "The listing has no upcoming reservation to change.");
  return row;
}

const freeNights = (ctx: SandboxContext, svcId: string, reservationId: string) =>
  ctx.db
    .prepare(
      `UPDATE calendar_nights SET available = 1, reservation_id = NULL WHERE listing_svc_id = ? AND reservation_id = ?`,
    )
    .run(svcId, reservationId);

function markCanceled(ctx: SandboxContext, svcId: string, reservationId: string) {
  ctx.db
    .prepare(`UPDATE reservations SET status = 'Canceled', canceled_at = ? WHERE reservation_id = ?`)
    .run(isoTimestamp(ctx.clock.now()), reservationId);
  freeNights(ctx, svcId, reservationId);
}

/** Applies the action; true when the held reservation changed (and so the event fires). */
function apply(ctx: SandboxContext, svcId: string, action: Exclude<ReservationAction, "new">, held: HeldRow) {
  const id = held.reservation_id;
  switch (action) {
    case "amend":
      // A change to the guest count and the prices (docs/interface.md, Events: an amended reservation).
      ctx.db
        .prepare(
          `UPDATE reservations SET guests = COALESCE(guests, 1) + 1,
             nightly_subtotal = ROUND(nightly_subtotal * 1.05, 2), taxes = ROUND(taxes * 1.05, 2),
             payout = ROUND(payout * 1.05, 2), total_price = ROUND(COALESCE(total_price, 0) * 1.05, 2)
           WHERE reservation_id = ?`,
        )
        .run(id);
      return true;
    case "cancel":
      // The channel reports a cancellation; one already cancelled is re-read unchanged.
      if (held.status === "Canceled") return false;
      markCanceled(ctx, svcId, id);
      return true;
    case "remove":
      // Removed outright by the managing integration.
      freeNights(ctx, svcId, id);
      ctx.db.prepare(`DELETE FROM reservations WHERE reservation_id = ?`).run(id);
      return true;
    case "disappear": {
      const horizon = day(subDays(ctx.clock.now(), DISAPPEARANCE_HORIZON_DAYS));
      if (held.status === "Canceled" || held.check_out < horizon) return false;
      markCanceled(ctx, svcId, id);
      return true;
    }
    case "reread":
      // A sync re-reads the reservation and finds it unchanged.
      return false;
  }
}

/**
 * Reservation activity: reservations.ingested names the listing for a new, amended, cancelled
 * or removed reservation and for one that disappears within the horizon; never for an
 * unchanged re-read or a disappearance beyond the horizon.
 */
export function reservation(
  ctx: SandboxContext,
  svcId: string,
  action: ReservationAction,
  reservationId?: string,
): SimulateResult {
  const listing = requireListing(ctx, svcId);
  let id: string;
  let changed: boolean;
  if (action === "new") {
    id = ctx.db.transaction(() => {
      const booked = book(ctx, svcId, listing.currency);
      recordReservationImported(ctx, svcId, booked, action);
      return booked;
    })();
    changed = true;
  } else {
    const held = target(ctx, svcId, reservationId);
    id = held.reservation_id;
    changed = ctx.db.transaction(() => {
      const applied = apply(ctx, svcId, action, held);
      // An unchanged re-read imports nothing, so the changelog records nothing either.
      if (applied && action !== "reread") recordReservationImported(ctx, svcId, held.reservation_id, action);
      return applied;
    })();
  }
  const emitted: Emitted = changed
    ? emit(ctx, { type: "reservations.ingested", listingIds: [svcId] })
    : NOTHING_EMITTED;
  return { event: "reservation", listing_ids: [svcId], action, reservation_id: id, changed, ...emitted };
}
