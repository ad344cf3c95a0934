import { inWords, isKnown, knownOr, wordsOf } from "@/lib/display/open-values";
import type { Permission } from "@/lib/access/permission";
import { isSvcError, refusalIs } from "@/lib/svc/errors";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { eventTypeLabels } from "@/lib/display/event-types";
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SUBSCRIPTION_LIMIT,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSubscription,
} from "@/lib/svc/schemas/webhooks";

type Words = { label: string; meaning: string };

/**
 * An event type in words: ours where known; else the service's own description (GET
 * /webhook_events) when there is one, or the type as it came.
 */
export function eventTypeWords(type: string, description?: string): Words {
  return description
    ? knownOr<WebhookEventType, Words>(eventTypeLabels, type, (raw) => ({
        label: inWords(raw),
        meaning: description,
      }))
    : wordsOf(eventTypeLabels, type, "an event type");
}

/** Whether we know an event type: only those are asked for (a body we send is closed). */
export function isKnownEventType(type: string): type is WebhookEventType {
  return isKnown(eventTypeLabels, type);
}

/** The event types of `types` we can send; the others are left out (and said so where shown). */
export function knownEventTypes(types: readonly string[]): WebhookEventType[] {
  return types.filter(isKnownEventType);
}

export const DISABLED_REASON_WORDS: Record<"repeated_failures", string> = {
  repeated_failures: "Disabled after repeated delivery failures",
};

/** "Enabled", or "Disabled" with why, as a sentence; a status or reason we do not know, in words. */
export function statusWords(sub: Pick<WebhookSubscription, "status" | "disabled_reason">): string {
  if (sub.status === "enabled") return "Enabled";
  if (sub.status !== "disabled") return inWords(sub.status);
  if (!sub.disabled_reason) return "Disabled";
  return knownOr(
    DISABLED_REASON_WORDS,
    sub.disabled_reason,
    (raw) => `Disabled: ${inWords(raw).toLowerCase()}`,
  );
}

/** Keyed by the statuses we know: look up with `labelOf`, so another one shows in words. */
export const deliveryStatusLabels: Record<"succeeded" | "failed" | "pending", string> = {
  succeeded: "Succeeded",
  failed: "Failed",
  pending: "Pending",
};

export const READ_ONLY_WEBHOOKS_REASON =
  "Your session uses a read-only key, which cannot change webhook subscriptions. Sign in with a standard key to add, edit, rotate, re-enable or delete them.";
export const SUBSCRIPTION_LIMIT_MESSAGE = `You have ${WEBHOOK_SUBSCRIPTION_LIMIT} webhook subscriptions, the most one user may hold. Delete one to add another.`;

/** A read-only key can read subscriptions but the service refuses every change (403). */
export function changePermission(keyKind: ApiKeyKind | null): Permission {
  return keyKind === "read_only" ? { allowed: false, reason: READ_ONLY_WEBHOOKS_REASON } : { allowed: true };
}

/** Adding one more: the change permission, then the 10-subscription limit. */
export function createPermission(count: number, keyKind: ApiKeyKind | null): Permission {
  const change = changePermission(keyKind);
  if (!change.allowed) return change;
  if (count >= WEBHOOK_SUBSCRIPTION_LIMIT) return { allowed: false, reason: SUBSCRIPTION_LIMIT_MESSAGE };
  return { allowed: true };
}

/**
 * Where a failed save's reason belongs: next to the URL when the service refused the URL
 * (its own sentence, e.g. https_required), else at the form's root in the page's words.
 */
export function webhookFormError(error: unknown): { field: "url" | "root"; message: string } | null {
  if (!isSvcError(error)) return null;
  if (error.status === 422 && error.code === "subscription_limit") {
    return { field: "root", message: SUBSCRIPTION_LIMIT_MESSAGE };
  }
  if (refusalIs(error, 403, "read_only_key")) {
    return { field: "root", message: READ_ONLY_WEBHOOKS_REASON };
  }
  if (refusalIs(error, 404, "webhook_not_found")) {
    return {
      field: "root",
      message: "This subscription no longer exists on your account. The list has been refreshed.",
    };
  }
  const fields = (error.details?.fields ?? []) as Array<{ field?: string }>;
  if (error.status === 400 && (error.code === "https_required" || fields.some((f) => f.field === "url"))) {
    return { field: "url", message: error.message };
  }
  return null;
}

export const attemptWords = (attempt: number) => `${attempt} of ${WEBHOOK_MAX_ATTEMPTS}`;

/**
 * The row's "last delivery": the newest attempt actually made (deliveries come newest first,
 * and a pending attempt is listed by its due time), plus the next one waiting, if any.
 */
export function lastDelivery(deliveries: WebhookDelivery[]): {
  last: WebhookDelivery | null;
  pending: WebhookDelivery | null;
} {
  return {
    last: deliveries.find((d) => d.status !== "pending") ?? null,
    pending: deliveries.find((d) => d.status === "pending") ?? null,
  };
}
