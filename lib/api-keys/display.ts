import { formatUtcDate } from "@/lib/format/times";
import type { Permission } from "@/lib/access/permission";
import { ACTIVE_KEY_LIMIT, type ApiKey, type ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { isSvcError, refusalIs } from "@/lib/svc/errors";

/** Each key kind in words, with what it may do (docs/interface-decisions.md §2). */
export const kindLabels: Record<ApiKeyKind, { label: string; meaning: string }> = {
  standard: { label: "Standard", meaning: "Reads and changes data." },
  read_only: { label: "Read-only", meaning: "Reads data but cannot change anything." },
  channel_integration: {
    label: "Channel integration",
    meaning: "Used by a channel manager to keep listings in sync.",
  },
  assistant: { label: "Assistant", meaning: "Used by the assistant; not counted toward the limit." },
};

export const KEY_LIMIT_MESSAGE = `You hold ${ACTIVE_KEY_LIMIT} active keys, the most one user may hold. Revoke one to create another. The assistant key doesn't count.`;
export const READ_ONLY_SESSION_REASON =
  "Your session uses a read-only key, which cannot create or revoke keys.";

/** The limit counts active keys only, and never the assistant's. */
export const countsTowardLimit = (key: ApiKey) => key.revoked_at === null && key.kind !== "assistant";

export const activeKeyCount = (keys: ApiKey[]) => keys.filter(countsTowardLimit).length;

/** Whether this session may create a key: a read-only key may not, and nobody past the limit. */
export function createKeyPermission(keys: ApiKey[], sessionKind: ApiKeyKind | null): Permission {
  if (sessionKind === "read_only") return { allowed: false, reason: READ_ONLY_SESSION_REASON };
  if (activeKeyCount(keys) >= ACTIVE_KEY_LIMIT) return { allowed: false, reason: KEY_LIMIT_MESSAGE };
  return { allowed: true };
}

export function revokeKeyPermission(key: ApiKey, sessionKind: ApiKeyKind | null): Permission {
  if (sessionKind === "read_only") return { allowed: false, reason: READ_ONLY_SESSION_REASON };
  if (key.revoked_at !== null) return { allowed: false, reason: "This key is already revoked." };
  return { allowed: true };
}

/** The session's key, as far as the page can tell: same last four and still active. */
export const isSessionKey = (key: ApiKey, sessionLast4: string) =>
  key.revoked_at === null && key.last4 === sessionLast4;

/** Active keys oldest first (as the service lists them); revoked ones most recently revoked first. */
export function partitionKeys(keys: ApiKey[]): { active: ApiKey[]; revoked: ApiKey[] } {
  const active = keys.filter((k) => k.revoked_at === null);
  const revoked = keys
    .filter((k) => k.revoked_at !== null)
    .sort((a, b) => Date.parse(b.revoked_at!) - Date.parse(a.revoked_at!));
  return { active, revoked };
}

/** "12 Mar 2025", the UTC day (the full UTC moment goes on hover); `null` becomes the fallback ("Never"). */
export function formatKeyDate(iso: string | null, fallback = "Never"): string {
  return iso === null ? fallback : formatUtcDate(iso);
}

/**
 * The key-specific failures in the page's own words; null for anything else (the caller
 * falls back to the generic description).
 */
export function keyErrorMessage(error: unknown): string | null {
  if (!isSvcError(error)) return null;
  if (error.status === 422 && error.code === "key_limit_reached") return KEY_LIMIT_MESSAGE;
  if (refusalIs(error, 403, "read_only_key")) return READ_ONLY_SESSION_REASON;
  if (refusalIs(error, 404, "key_not_found")) {
    return "This key no longer exists on your account. The list has been refreshed.";
  }
  return null;
}
