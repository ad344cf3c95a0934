import type { InboxEventRow } from "@/lib/webhooks/dashboard-queries";
import { webhookEventType } from "@/lib/svc/schemas/webhooks";
import { eventTypeLabels } from "../../lib/webhooks/display";

/** The receiver's refusal codes (lib/server/webhooks/receiver.ts) in words. */
const REJECTION_WORDS: Record<string, string> = {
  payload_too_large: "The body was larger than 1 MiB.",
  missing_signature: "The Svc-Signature header was missing.",
  missing_event_id: "The Svc-Event-Id header was missing.",
  malformed: "The Svc-Signature header was not of the form t=<unix seconds>,v1=<hex>.",
  no_match: "No signature matched this dashboard's secret.",
  stale: "The signature was more than 5 minutes old.",
  future: "The signature was more than 5 minutes ahead of this server's clock.",
  malformed_json: "The body was not valid JSON.",
  invalid_body: "The body was not an event envelope with an id and a type.",
  event_id_mismatch: "The Svc-Event-Id header differed from the envelope's id.",
};

export const rejectionWords = (reason: string) => REJECTION_WORDS[reason] ?? `Refused (${reason}).`;

export function eventTypeWords(type: string): string {
  const known = webhookEventType.safeParse(type);
  return known.success ? eventTypeLabels[known.data].label : type;
}

const STATE_STYLES: Record<InboxEventRow["state"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  processed: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  failed: "bg-red-50 text-red-900 ring-red-200",
};
const STATE_WORDS: Record<InboxEventRow["state"], string> = {
  pending: "Pending",
  processed: "Processed",
  failed: "Failed",
};

export function ProcessingState({ event }: { event: InboxEventRow }) {
  return (
    <span className="space-y-1">
      <span
        className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_STYLES[event.state]}`}
      >
        {STATE_WORDS[event.state]}
      </span>
      {event.state === "failed" && event.error ? (
        <span className="block text-xs text-red-800">{event.error}</span>
      ) : null}
    </span>
  );
}

/** "3 listings: 1000001, 1000002, 1000003", with the market of a pricing run. */
export function listingsWords(event: InboxEventRow): string {
  const n = event.listing_ids.length;
  if (n === 0) return "None named";
  const ids = event.listing_ids.slice(0, 8).join(", ") + (n > 8 ? `, and ${n - 8} more` : "");
  return `${n} ${n === 1 ? "listing" : "listings"}: ${ids}`;
}
