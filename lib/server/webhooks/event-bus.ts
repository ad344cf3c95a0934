import { z } from "zod";
import { onRelayed, relayToOtherInstances } from "@/lib/server/instance-relay";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * Publication of processed webhook events; the live-updates stream subscribes. An event is
 * told to this process's listeners at once and relayed to the other instances
 * (instance-relay.ts), whose listeners hear it as if it had been processed there; an event
 * too large for the relay travels as its id, and the receiving instance reads it from the
 * shared store (runtime.ts).
 *
 * The listeners live on globalThis: Next may load this module more than once in one process
 * (one copy per route bundle), and every copy must reach the same subscribers.
 */
const webhookEventNotice = z.object({
  eventId: z.string(),
  sinkId: z.string(),
  /** As it came: one of WEBHOOK_EVENT_TYPES, or a type this dashboard does not know. */
  type: z.string().min(1),
  listingIds: z.array(z.string()),
  /** recommendations.updated only; null for the other types. */
  marketId: z.string().nullable(),
});
export type WebhookEventNotice = z.infer<typeof webhookEventNotice>;
export type WebhookEventListener = (notice: WebhookEventNotice) => void;

/** An event whose notice is larger than the relay carries: the receiver reads it by id. */
export const WEBHOOK_REF = "webhook-ref";
export const webhookRef = z.object({ eventId: z.string() });

const listeners = processSingleton("webhook-event-listeners", () => new Set<WebhookEventListener>());

/** Subscribes; the returned function unsubscribes. */
export function onWebhookEvent(listener: WebhookEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells this process's listeners only (an event relayed from another instance). */
export function deliverWebhookEventHere(notice: WebhookEventNotice): void {
  for (const listener of [...listeners]) {
    try {
      listener(notice);
    } catch (error) {
      // One broken subscriber (a closed stream) must not stop the others or the processor.
      console.error("A webhook event listener failed:", error instanceof Error ? error.message : error);
    }
  }
}

/** An event processed here: this process's listeners, then every other instance's. */
export function publishWebhookEvent(notice: WebhookEventNotice): void {
  deliverWebhookEventHere(notice);
  if (!relayToOtherInstances("webhook", notice))
    relayToOtherInstances(WEBHOOK_REF, { eventId: notice.eventId });
}

/** What another instance processed reaches this process's listeners (wired by boot.ts). */
export const hearWebhookEvents = () => onRelayed("webhook", webhookEventNotice, deliverWebhookEventHere);
