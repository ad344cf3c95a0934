import type { WebhookEventType } from "@/lib/svc/schemas/webhooks";

/**
 * In-process publication of processed webhook events; the live-updates stream subscribes.
 * The listeners live on globalThis: Next may load this module more than once in one process
 * (one copy per route bundle), and every copy must reach the same subscribers.
 */
export interface WebhookEventNotice {
  eventId: string;
  sinkId: string;
  type: WebhookEventType;
  listingIds: string[];
  /** recommendations.updated only; null for the other types. */
  marketId: string | null;
}
export type WebhookEventListener = (notice: WebhookEventNotice) => void;

const KEY = Symbol.for("rate-desk.webhook-event-listeners");
const holder = globalThis as typeof globalThis & { [KEY]?: Set<WebhookEventListener> };
const listeners = (holder[KEY] ??= new Set<WebhookEventListener>());

/** Subscribes; the returned function unsubscribes. */
export function onWebhookEvent(listener: WebhookEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishWebhookEvent(notice: WebhookEventNotice): void {
  for (const listener of [...listeners]) {
    try {
      listener(notice);
    } catch (error) {
      // One broken subscriber (a closed stream) must not stop the others or the processor.
      console.error("A webhook event listener failed:", error instanceof Error ? error.message : error);
    }
  }
}
