import type { Permission } from "@/lib/access/permission";
import { isSvcError, refusalIs } from "@/lib/svc/errors";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";

export const READ_ONLY_NOTIFICATIONS_REASON =
  "Your session uses a read-only key, which cannot dismiss notifications or change their settings. Sign in with a standard key to do so.";

/** A read-only key reads notifications but the service refuses the dismissal and the settings save (403). */
export function changePermission(keyKind: ApiKeyKind | null): Permission {
  return keyKind === "read_only"
    ? { allowed: false, reason: READ_ONLY_NOTIFICATIONS_REASON }
    : { allowed: true };
}

/**
 * A refused dismissal in words, or null for the generic description. The service dismisses
 * all or none: an id it does not hold as the caller's (404) means nothing was dismissed.
 */
export function dismissErrorMessage(error: unknown): string | null {
  if (!isSvcError(error)) return null;
  if (refusalIs(error, 403, "read_only_key")) return READ_ONLY_NOTIFICATIONS_REASON;
  if (refusalIs(error, 404, "notification_not_found")) {
    return "Nothing was dismissed: some of these notifications are no longer yours to dismiss. The list has been refreshed.";
  }
  return null;
}

/** "Dismissed 3 notifications." for the polite announcement after a dismissal. */
export const dismissedSentence = (n: number) => `Dismissed ${n} notification${n === 1 ? "" : "s"}.`;
