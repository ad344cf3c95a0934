import type { InboxEventRow } from "@/lib/webhooks/dashboard-queries";
import type { WebhookEventType } from "@/lib/svc/schemas/webhooks";
import { inboxStateWords, type InboxStateTone } from "@/lib/webhooks/inbox-states";
import { eventTypeLabels } from "@/lib/display/event-types";
import { listingNameOf, type ListingNames } from "@/lib/listings/queries";

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

// Known from our own labels, not by parsing: the set of types is open, and a type schema may
// accept a type we have no words for.
const isKnownType = (type: string): type is WebhookEventType => Object.hasOwn(eventTypeLabels, type);

/** The Inbox's type cell: the raw type of an unknown event, marked as one we do not know. */
export function EventTypeName({ type }: { type: string }) {
  if (isKnownType(type)) return <>{eventTypeLabels[type].label}</>;
  return (
    <>
      <code className="font-mono text-xs">{type}</code>
      <span className="block text-xs text-slate-500">A type this dashboard does not know</span>
    </>
  );
}

const TONE_STYLES: Record<InboxStateTone, string> = {
  waiting: "bg-amber-50 text-amber-900 ring-amber-200",
  done: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  failed: "bg-red-50 text-red-900 ring-red-200",
  ignored: "bg-slate-100 text-slate-800 ring-slate-300",
  other: "bg-white text-slate-800 ring-slate-300",
};

export function ProcessingState({ event }: { event: InboxEventRow }) {
  const { words, tone } = inboxStateWords(event.state);
  return (
    <span className="space-y-1">
      <span
        className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_STYLES[tone]}`}
      >
        {words}
      </span>
      {/* Why it failed, or why it was ignored and what was refreshed anyway. */}
      {event.error ? (
        <span className={`block text-xs ${tone === "failed" ? "text-red-800" : "text-slate-600"}`}>
          {event.error}
        </span>
      ) : null}
    </span>
  );
}

/**
 * "3 listings: Alfama Loft, Chiado Studio, 1000003": the listings an event names, by name where
 * the dashboard knows it, else by id.
 */
export function listingsWords(event: InboxEventRow, names?: ListingNames): string {
  const n = event.listing_ids.length;
  if (n === 0) return "None named";
  const shown = event.listing_ids.slice(0, 8).map((id) => listingNameOf(names, id) ?? id);
  return `${n} ${n === 1 ? "listing" : "listings"}: ${shown.join(", ")}${n > 8 ? `, and ${n - 8} more` : ""}`;
}
