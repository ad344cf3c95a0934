import type { ListingFlag } from "@/lib/svc/schemas/listing-extras";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";

/**
 * Listings needing attention, from what the Overview already holds: the next-14-days
 * occupancy ranking, recent `flags.detected` events in the dashboard's Inbox, notifications
 * that name a listing, and the flags themselves once the user asked to check them. One row
 * per listing with every reason, the most urgent first. Hidden listings are left out, as in
 * the portfolio table.
 */

/** Below this share of the next 14 nights booked, a listing is worth a look. */
export const LOW_OCCUPANCY_PERCENT = 40;
/** Inbox events older than this no longer make a listing "recent". */
export const RECENT_EVENT_DAYS = 7;
export const ATTENTION_LIMIT = 8;
/**
 * Notifications that ask for a revenue manager's action: a flag, rates that could not be
 * posted, a demand spike to price for, a cancellation whose nights must sell again. A new
 * reservation is good news, not a task; an event name we do not know is left out rather
 * than guessed at.
 */
export const ATTENTION_EVENTS: ReadonlySet<string> = new Set([
  "flags.detected",
  "sync.failed",
  "market.demand_spike",
  "reservations.canceled",
]);

export type AttentionReason =
  | { kind: "flags"; critical: number; warning: number; info: number; messages: string[] }
  | { kind: "low_occupancy"; percent: number }
  | { kind: "flag_event"; at: string }
  | { kind: "notification"; title: string; at: string };

export interface AttentionItem {
  svcId: string;
  name: string;
  reasons: AttentionReason[];
}

export interface AttentionInputs {
  listings: readonly Listing[];
  /** GET /listings/kpis, metric occupancy, window 0_14. */
  occupancyNext14: readonly PortfolioKpiRow[];
  inboxEvents: ReadonlyArray<{ type: string; listing_ids: string[]; received_at: string }>;
  notifications: ReadonlyArray<{
    event: string;
    listing_id: string | null;
    title: string;
    created_at: string;
    dismissed_at: string | null;
  }>;
  /** Flags by svc_id, for the listings checked so far. */
  flags: ReadonlyMap<string, readonly ListingFlag[]>;
  now: number;
}

function weight(reason: AttentionReason): number {
  switch (reason.kind) {
    case "flags":
      return reason.critical > 0 ? 100 : reason.warning > 0 ? 50 : 5;
    case "flag_event":
      return 40;
    case "low_occupancy":
      // The emptier the next two weeks, the higher.
      return 10 + (LOW_OCCUPANCY_PERCENT - reason.percent) / 2;
    case "notification":
      return 15;
  }
}

export function attentionItems(inputs: AttentionInputs, limit = ATTENTION_LIMIT): AttentionItem[] {
  const visible = new Map(inputs.listings.filter((l) => !l.is_hidden).map((l) => [l.svc_id, l]));
  const reasons = new Map<string, AttentionReason[]>();
  const add = (svcId: string, reason: AttentionReason) => {
    if (!visible.has(svcId)) return;
    const list = reasons.get(svcId) ?? [];
    list.push(reason);
    reasons.set(svcId, list);
  };

  for (const [svcId, flags] of inputs.flags) {
    if (flags.length === 0) continue;
    const count = (severity: ListingFlag["severity"]) => flags.filter((f) => f.severity === severity).length;
    add(svcId, {
      kind: "flags",
      critical: count("critical"),
      warning: count("warning"),
      info: count("info"),
      messages: flags.map((f) => f.message),
    });
  }

  const since = inputs.now - RECENT_EVENT_DAYS * 86_400_000;
  const flaggedAt = new Map<string, string>();
  for (const event of inputs.inboxEvents) {
    if (event.type !== "flags.detected" || Date.parse(event.received_at) < since) continue;
    for (const id of event.listing_ids) {
      const known = flaggedAt.get(id);
      if (!known || known < event.received_at) flaggedAt.set(id, event.received_at);
    }
  }
  for (const [svcId, at] of flaggedAt) {
    // Checked flags already say more than "an event named it".
    if (!inputs.flags.has(svcId)) add(svcId, { kind: "flag_event", at });
  }

  for (const row of inputs.occupancyNext14) {
    const listing = visible.get(row.listing_id);
    if (row.value === null || !listing?.is_active) continue;
    if (row.value < LOW_OCCUPANCY_PERCENT) add(row.listing_id, { kind: "low_occupancy", percent: row.value });
  }

  for (const n of inputs.notifications) {
    if (n.listing_id && n.dismissed_at === null && ATTENTION_EVENTS.has(n.event))
      add(n.listing_id, { kind: "notification", title: n.title, at: n.created_at });
  }

  const score = (list: AttentionReason[]) => list.reduce((sum, r) => sum + weight(r), 0);
  return [...reasons.entries()]
    .map(([svcId, list]) => ({
      svcId,
      name: visible.get(svcId)!.name,
      reasons: list.sort((a, b) => weight(b) - weight(a)),
    }))
    .sort((a, b) => score(b.reasons) - score(a.reasons) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** One reason in words, for the row and its screen-reader text. */
export function reasonText(reason: AttentionReason): string {
  switch (reason.kind) {
    case "flags": {
      const parts = [
        reason.critical ? `${reason.critical} critical` : null,
        reason.warning ? `${reason.warning} warning` : null,
        reason.info ? `${reason.info} info` : null,
      ].filter(Boolean);
      const total = reason.critical + reason.warning + reason.info;
      return `${total === 1 ? "1 flag" : `${total} flags`} (${parts.join(", ")})`;
    }
    case "low_occupancy":
      return `${reason.percent.toFixed(0)} % booked in the next 14 days`;
    case "flag_event":
      return "Named by a recent flags event";
    case "notification":
      return `Notification: ${reason.title}`;
  }
}
