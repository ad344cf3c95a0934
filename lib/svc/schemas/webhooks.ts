import { z } from "zod";
import { timestamp, withPagination } from "@/lib/svc/schemas/common";
import { openSet } from "@/lib/svc/schemas/reading";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/svc/schemas/vocabulary";
import { formatCount } from "@/lib/format/numbers";

/** Webhooks (docs/interface.md §Webhooks and §Events, docs/interface-decisions.md §6). */

export { WEBHOOK_EVENT_TYPES, type WebhookEventType };
/** Open: GET /webhook_events lists what the service sends today; it may list more. */
export const webhookEventType = openSet(WEBHOOK_EVENT_TYPES);

/** GET /webhook_events rows. */
export const webhookEventTypeInfo = z.object({ type: webhookEventType, description: z.string() });
export type WebhookEventTypeInfo = z.infer<typeof webhookEventTypeInfo>;

export const WEBHOOK_SUBSCRIPTION_LIMIT = 10;
export const WEBHOOK_MAX_ATTEMPTS = 7;
export const WEBHOOK_RESPONSE_BODY_MAX = 1024;
export const WEBHOOK_SIGNATURE_HEADER = "Svc-Signature";
export const WEBHOOK_EVENT_ID_HEADER = "Svc-Event-Id";

/**
 * A URL with an http or https scheme. The service answers 400 `https_required` for anything
 * but https (the reference service alone also accepts http to a loopback host), so the
 * schema leaves that rule to the service rather than block local development.
 */
export const WEBHOOK_URL_MAX = 2048;
export const webhookUrl = z
  .url({ protocol: /^https?$/, message: "Enter a web address, such as https://example.com/hooks." })
  // Worded when it is shown, not when the contract table loads: a page's first number format
  // loads the engine's locale data, and the table loads with every page's first request.
  .max(WEBHOOK_URL_MAX, {
    error: () => `The web address can be at most ${formatCount(WEBHOOK_URL_MAX)} characters.`,
  });

/** Event types we ask for: only the ones we know what they mean. */
export const webhookEventTypeRequest = z.enum(WEBHOOK_EVENT_TYPES);

const eventTypes = z
  .array(webhookEventTypeRequest)
  .min(1, "Choose at least one event type.")
  .refine((types) => new Set(types).size === types.length, { message: "An event type appears twice." });

/**
 * The subscription as read back. `secret` must never appear here (it cannot be read back):
 * a read response carrying one fails the parse.
 */
export const webhookSubscription = z.object({
  id: z.string(),
  url: z.string(),
  event_types: z.array(webhookEventType).min(1),
  status: openSet(["enabled", "disabled"]),
  disabled_reason: openSet(["repeated_failures"]).nullable(),
  consecutive_failures: z.number().int().min(0),
  created_at: timestamp,
  updated_at: timestamp,
  secret: z.never().optional(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

/** POST /webhooks and POST /webhooks/{id}/rotate_secret: the only places the secret appears. */
export const webhookSubscriptionWithSecret = webhookSubscription.extend({
  secret: z.string().startsWith("whsec_"),
});
export type WebhookSubscriptionWithSecret = z.infer<typeof webhookSubscriptionWithSecret>;

export const createWebhookBody = z.object({ url: webhookUrl, event_types: eventTypes });
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** Any of url, event_types, status; `status: "enabled"` re-enables a disabled subscription. */
export const updateWebhookBody = z
  .object({
    url: webhookUrl.optional(),
    event_types: eventTypes.optional(),
    status: z.literal("enabled").optional(),
  })
  .refine((body) => body.url !== undefined || body.event_types !== undefined || body.status !== undefined, {
    message: "Give at least one of url, event_types and status.",
  });
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const webhookDeliveriesQuery = withPagination({});

export const webhookDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: webhookEventType,
  attempt: z.number().int().min(1).max(WEBHOOK_MAX_ATTEMPTS),
  status: openSet(["succeeded", "failed", "pending"]),
  response_status: z.number().int().min(100).max(599).nullable(),
  /** The first 1 KiB of what the endpoint answered. */
  response_body: z.string().max(WEBHOOK_RESPONSE_BODY_MAX).nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().min(0).nullable(),
  attempted_at: timestamp,
  next_attempt_at: timestamp.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** The interface names only the id, the type and `data`: `created_at` is ours, not promised. */
const envelopeBase = { id: z.string().startsWith("evt_"), created_at: timestamp.optional() };
/** svc ids; a request is only sent when at least one listing is involved. */
const listingIds = z.array(z.string().min(1)).min(1);

/**
 * The body of a delivery; `id` equals the Svc-Event-Id header. Only recommendations.updated
 * carries `data.market_id` (it batches per market); the other types must not.
 */
export const webhookEnvelope = z.discriminatedUnion("type", [
  z.object({
    ...envelopeBase,
    type: z.literal("recommendations.updated"),
    data: z.object({ listing_ids: listingIds, market_id: z.string().min(1) }),
  }),
  z.object({
    ...envelopeBase,
    type: z.enum(["reservations.ingested", "flags.detected"]),
    data: z.object({ listing_ids: listingIds, market_id: z.never().optional() }),
  }),
]);
export type WebhookEnvelope = z.infer<typeof webhookEnvelope>;
