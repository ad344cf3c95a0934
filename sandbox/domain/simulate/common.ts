import type { WebhookEventType } from "../../../lib/svc/schemas/webhooks";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { recordEvent, type ServiceEvent } from "../webhooks/events";

/**
 * What `/_sandbox/simulate` answers: `{event, listing_ids, ...}` plus what it emitted:
 * `emitted` is the event type recorded (null when the rule says nothing fires) and
 * `events_recorded` the number of pending rows recordEvent wrote (subscription × listing).
 */
export type SimulateResult = {
  event: string;
  listing_ids: string[];
  emitted: WebhookEventType | null;
  events_recorded: number;
  [k: string]: unknown;
};

export type Emitted = Pick<SimulateResult, "emitted" | "events_recorded">;

export const NOTHING_EMITTED: Emitted = { emitted: null, events_recorded: 0 };

/** Records an event (the one way to emit one) and says what was emitted; naming no listing emits nothing. */
export function emit(ctx: SandboxContext, event: ServiceEvent): Emitted {
  if (event.listingIds.length === 0) return NOTHING_EMITTED;
  return { emitted: event.type, events_recorded: recordEvent(ctx, event) };
}

export const day = (date: Date) => date.toISOString().slice(0, 10);

export interface SimListing {
  svc_id: string;
  currency: string;
  market_id: string;
  preferences: string;
}

export function requireListing(ctx: SandboxContext, svcId: string): SimListing {
  const row = ctx.db
    .prepare(`SELECT svc_id, currency, market_id, preferences FROM listings WHERE svc_id = ?`)
    .get(svcId) as SimListing | undefined;
  if (!row) throw new ApiError(404, "listing_not_found", `No listing with svc id ${svcId}.`);
  return row;
}
