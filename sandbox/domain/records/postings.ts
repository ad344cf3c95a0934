import type { SandboxContext } from "../../context";
import { recordListingChange } from "../listing-changelog";

/**
 * Changelog entries of the service's own writers: rates posted to the channel, calendar
 * syncs and reservation imports (GET /preferences/{listing_id}/changelog reads them).
 */

export type PostingTrigger = "automatic" | "sync" | "app";

/** Open nights from today whose posted price a posting would change (it differs from the recommendation). */
export function nightsAPostingChanges(ctx: SandboxContext, svcId: string): number {
  const row = ctx.db
    .prepare(
      `SELECT COUNT(*) AS n FROM calendar_nights
       WHERE listing_svc_id = ? AND date >= ? AND available = 1 AND price != recommended_price`,
    )
    .get(svcId, ctx.clock.today()) as { n: number };
  return row.n;
}

/** price_posted: a posting of every open night from today; null actor for automatic posting. */
export function recordRatesPosted(
  ctx: SandboxContext,
  svcId: string,
  posting: {
    trigger: PostingTrigger;
    actorUserId: string | null;
    nightsPosted: number;
    nightsChanged: number;
  },
): void {
  recordListingChange(ctx, {
    listingSvcId: svcId,
    action: "price_posted",
    actorUserId: posting.actorUserId,
    details: {
      trigger: posting.trigger,
      from_date: ctx.clock.today(),
      nights_posted: posting.nightsPosted,
      nights_changed: posting.nightsChanged,
    },
  });
}

/** calendar_synced: a sync refreshed the listing's reservations from the channel. */
export function recordCalendarSynced(ctx: SandboxContext, svcId: string, actorUserId: string): void {
  const { n } = ctx.db
    .prepare(
      `SELECT COUNT(*) AS n FROM reservations WHERE listing_svc_id = ? AND check_out >= date(?, '-30 days')`,
    )
    .get(svcId, ctx.clock.today()) as { n: number };
  recordListingChange(ctx, {
    listingSvcId: svcId,
    action: "calendar_synced",
    actorUserId,
    details: { reservations_read: n, reservations_changed: 0 },
  });
}

/** reservation_imported: a reservation arrived, changed, or was cancelled or removed by the channel. */
export function recordReservationImported(
  ctx: SandboxContext,
  svcId: string,
  reservationId: string,
  change: "new" | "amend" | "cancel" | "remove" | "disappear",
): void {
  recordListingChange(ctx, {
    listingSvcId: svcId,
    action: "reservation_imported",
    actorUserId: null,
    details: { reservation_id: reservationId, change },
  });
}
