import type { WebhookEventType } from "../../../lib/svc/schemas/webhooks";
import type { SandboxContext } from "../../context";

/** Events in one five-minute window collapse into one delivery per subscription. */
export const BATCH_WINDOW_MS = 5 * 60_000;

export const windowStart = (nowMs: number) => Math.floor(nowMs / BATCH_WINDOW_MS) * BATCH_WINDOW_MS;

export interface ServiceEvent {
  type: WebhookEventType;
  /** svc ids of the listings whose data changed. */
  listingIds: string[];
  /** recommendations.updated from a market's pricing run: the market it batches by. */
  marketId?: string;
}

/**
 * Records what changed for every enabled subscription that covers it: the subscriber's own
 * listings plus those shared with them to manage (docs/interface.md, Delivery rule 9: manager,
 * editor or restricted editor; a viewer's read-only share is not covered). A listing a
 * subscriber cannot access is never named to them. The delivery engine turns each closed
 * window into one envelope.
 */
export function recordEvent(ctx: SandboxContext, event: ServiceEvent): number {
  if (event.listingIds.length === 0) return 0;
  const start = windowStart(ctx.clock.nowMs());
  const subscribers = ctx.db.prepare(
    `SELECT s.id FROM webhook_subscriptions s
     JOIN listings l ON l.svc_id = @listing
     WHERE s.status = 'enabled'
       AND EXISTS (SELECT 1 FROM json_each(s.event_types) t WHERE t.value = @type)
       AND (s.user_id = l.owner_user_id
            OR EXISTS (SELECT 1 FROM listing_access a
                       WHERE a.listing_svc_id = l.svc_id AND a.user_id = s.user_id AND a.level <> 'viewer'))`,
  );
  const insert = ctx.db.prepare(
    `INSERT OR IGNORE INTO webhook_pending (subscription_id, event_type, market_id, window_start_ms, listing_svc_id)
     VALUES (?, ?, ?, ?, ?)`,
  );
  let named = 0;
  ctx.db.transaction(() => {
    for (const listing of event.listingIds) {
      for (const { id } of subscribers.all({ listing, type: event.type }) as Array<{ id: string }>) {
        named += insert.run(id, event.type, event.marketId ?? "", start, listing).changes;
      }
    }
  })();
  return named;
}
