import { randomBytes } from "node:crypto";
import type { WebhookEnvelope, WebhookEventType } from "../../../lib/svc/schemas/webhooks";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { BATCH_WINDOW_MS } from "./events";

export const newEventId = () => `evt_${randomBytes(12).toString("hex")}`;
export const newAttemptId = () => `wha_${randomBytes(12).toString("hex")}`;

/** svc ids are digit strings of one length; shorter first keeps numeric order for any length. */
export const compareSvcIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

type PendingRow = {
  subscription_id: string;
  event_type: WebhookEventType;
  market_id: string;
  window_start_ms: number;
  listing_svc_id: string;
};

/**
 * Closes every batch window that has ended by `nowMs` (service clock): per subscription,
 * event type, market (recommendations.updated only) and window, one envelope naming every
 * listing involved, stored with its exact body, and its first attempt stored as pending,
 * due when the window ends. The pending rows go in the same transaction, so a window is
 * turned into exactly one envelope whatever happens to the process. Returns the envelopes made.
 *
 * recommendations.updated always carries market_id (docs/interface.md, Delivery rule 1): an event
 * recorded without one (rates posted for one listing) batches under the listing's own market.
 */
export function closeWindows(ctx: SandboxContext, nowMs: number): number {
  const { db } = ctx;
  const cutoff = nowMs - BATCH_WINDOW_MS; // a window starting at or before this has ended
  let made = 0;
  db.transaction(() => {
    const pending = db
      .prepare(
        `SELECT p.subscription_id, p.event_type,
                CASE WHEN p.event_type = 'recommendations.updated' AND p.market_id = ''
                     THEN COALESCE(l.market_id, '') ELSE p.market_id END AS market_id,
                p.window_start_ms, p.listing_svc_id
         FROM webhook_pending p LEFT JOIN listings l ON l.svc_id = p.listing_svc_id
         WHERE p.window_start_ms <= ?`,
      )
      .all(cutoff) as PendingRow[];
    if (pending.length === 0) return;

    const groups = new Map<string, { row: PendingRow; market: string; ids: Set<string> }>();
    for (const row of pending) {
      const market = row.event_type === "recommendations.updated" ? row.market_id : "";
      const key = `${row.subscription_id}\u0000${row.event_type}\u0000${market}\u0000${row.window_start_ms}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { row, market, ids: new Set() }));
      group.ids.add(row.listing_svc_id);
    }

    const insertEvent = db.prepare(
      `INSERT INTO webhook_events (id, subscription_id, event_type, body, created_at, outcome)
       VALUES (?, ?, ?, ?, ?, 'pending')`,
    );
    const insertAttempt = db.prepare(
      `INSERT INTO webhook_attempts (id, event_id, subscription_id, attempt, status, due_at_ms)
       VALUES (?, ?, ?, 1, 'pending', ?)`,
    );
    const createdAt = isoTimestamp(new Date(nowMs));
    const ordered = [...groups.values()].sort(
      (a, b) =>
        a.row.window_start_ms - b.row.window_start_ms || a.row.event_type.localeCompare(b.row.event_type),
    );
    for (const { row, market, ids } of ordered) {
      const id = newEventId();
      const listingIds = [...ids].sort(compareSvcIds);
      const envelope = {
        id,
        type: row.event_type,
        created_at: createdAt,
        data:
          row.event_type === "recommendations.updated"
            ? { listing_ids: listingIds, market_id: market }
            : { listing_ids: listingIds },
      } as WebhookEnvelope;
      insertEvent.run(id, row.subscription_id, row.event_type, JSON.stringify(envelope), createdAt);
      insertAttempt.run(newAttemptId(), id, row.subscription_id, row.window_start_ms + BATCH_WINDOW_MS);
      made += 1;
    }
    db.prepare(`DELETE FROM webhook_pending WHERE window_start_ms <= ?`).run(cutoff);
  })();
  return made;
}
