import { APPLIED_UNREADABLE } from "@/lib/svc/client";
import { isSvcError } from "@/lib/svc/errors";
import type { CreateWebhookBody, WebhookSubscriptionWithSecret } from "@/lib/svc/schemas/webhooks";

/**
 * A subscription the service created (2xx) although the rest of its answer could not be
 * read. The secret appears in that answer only, so it is kept whenever the answer names an
 * id and a secret; the other fields are what we asked for, until the list is re-read.
 * Anything else is not a created subscription: null.
 */
export function createdDespiteOddAnswer(
  error: unknown,
  body: CreateWebhookBody,
  now = new Date(),
): WebhookSubscriptionWithSecret | null {
  if (!isSvcError(error) || error.code !== APPLIED_UNREADABLE) return null;
  const answer = error.details?.answer;
  if (answer === null || typeof answer !== "object") return null;
  const { id, secret } = answer as Record<string, unknown>;
  if (typeof id !== "string" || id === "" || typeof secret !== "string" || secret === "") return null;
  const at = now.toISOString();
  return {
    id,
    url: body.url,
    event_types: body.event_types,
    status: "enabled",
    disabled_reason: null,
    consecutive_failures: 0,
    created_at: at,
    updated_at: at,
    secret,
  };
}
