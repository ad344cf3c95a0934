import type { Permission } from "@/lib/listings/display";
import { isSvcError } from "@/lib/svc/errors";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SUBSCRIPTION_LIMIT,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSubscription,
} from "@/lib/svc/schemas/webhooks";

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

export const DISABLED_REASON_WORDS: Record<NonNullable<WebhookSubscription["disabled_reason"]>, string> = {
  repeated_failures: "Disabled after repeated delivery failures",
};

/** "Enabled", or "Disabled" with why, as a sentence. */
export function statusWords(sub: Pick<WebhookSubscription, "status" | "disabled_reason">): string {
  if (sub.status === "enabled") return "Enabled";
  return sub.disabled_reason ? DISABLED_REASON_WORDS[sub.disabled_reason] : "Disabled";
}

export const deliveryStatusLabels: Record<WebhookDelivery["status"], string> = {
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
  if (error.status === 403 && error.code === "read_only_key") {
    return { field: "root", message: READ_ONLY_WEBHOOKS_REASON };
  }
  if (error.status === 404 && error.code === "webhook_not_found") {
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
