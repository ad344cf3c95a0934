import type { WebhookEventType } from "@/lib/svc/schemas/webhooks";

/**
 * Each event type in words, from the interface's Events table. The page shows these rather
 * than GET /webhook_events' descriptions, which speak in endpoint paths.
 */
export const eventTypeLabels: Record<WebhookEventType, { label: string; meaning: string }> = {
  "recommendations.updated": {
    label: "Recommendations updated",
    meaning:
      "A market's nightly pricing run finished (every active listing in the market is named), or rates were posted to the channel for one listing.",
  },
  "reservations.ingested": {
    label: "Reservations ingested",
    meaning:
      "A reservation arrived, was changed, cancelled or removed. Only listings whose own reservations changed are named.",
  },
  "flags.detected": {
    label: "Flags detected",
    meaning: "A listing gained a flag it did not have. The delivery names the listing, not the flag.",
  },
};

/** A known type by its label; any other exactly as it came (e.g. "payouts.created"). */
export function eventTypeName(type: string): string {
  // Known from our own labels, not by parsing: the set of types is open, and a type schema
  // may accept a type we have no words for.
  return Object.hasOwn(eventTypeLabels, type) ? eventTypeLabels[type as WebhookEventType].label : type;
}
