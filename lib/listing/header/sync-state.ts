import { secondsUntil } from "@/lib/format/durations";
import { canWriteListing, unknownAccessReason } from "@/lib/access/listing-access";
import type { Permission } from "@/lib/access/permission";
import { isSvcError, refusalIs } from "@/lib/svc/errors";
import type { PricingTier } from "@/lib/svc/schemas/listing-extras";
import type { ListingAccessLevel } from "@/lib/svc/schemas/listings";

/**
 * The Sync button's state, from what is known without asking: the key, the caller's access,
 * the listing's pricing tier (the header's one pricing_tier answer) and the service's last
 * answer to a sync. Pure, so the rules (paid plans only, the 60 s debounce counted down from
 * Retry-After, the daily cap) are unit-tested without a browser.
 */

export const SYNC_PAID_PLAN_REASON = "Sync needs a paid plan: this listing is on the Free pricing tier.";
export const SYNC_READ_ONLY_REASON = "Your API key is read-only: a sync posts prices to the channel.";
export const SYNC_VIEWER_REASON = "Viewers cannot sync: a sync posts prices to the channel.";

/** The service's last answer to POST /listings/{id}/sync, as the button remembers it. */
export type SyncAnswer =
  | { kind: "queued"; queuedAt: string }
  /** 429 `sync_debounced`: `until` is when the service will take the next one (ms). */
  | { kind: "debounced"; until: number }
  /** 429 `sync_daily_limit`: `until` is when the day's count resets (ms). */
  | { kind: "daily_cap"; until: number; message: string }
  /** Any other refusal, in words (a plan change since the tier was read, a lost connection...). */
  | { kind: "failed"; message: string };

export interface SyncInputs {
  readOnly: boolean;
  access: ListingAccessLevel;
  /** null while the pricing tier is being read or could not be read. */
  tier: PricingTier["name"] | null;
  tierPending: boolean;
  last: SyncAnswer | null;
  pending: boolean;
  now: number;
}

export type SyncState =
  | { kind: "ready"; note: string | null }
  | { kind: "working" }
  /** The plan is still being read: the button waits, without a reason worth showing. */
  | { kind: "waiting" }
  | { kind: "blocked"; reason: string }
  | { kind: "countdown"; seconds: number }
  | { kind: "daily_cap"; resetsAt: number; reason: string };

/**
 * Who may sync at all, before any answer: read-only keys, viewers, levels we do not know and
 * the Free tier may not. A tier we do not know is left to the service, like one not read.
 */
export function syncPermission(
  readOnly: boolean,
  access: ListingAccessLevel,
  tier: PricingTier["name"] | null,
): Permission {
  if (readOnly) return { allowed: false, reason: SYNC_READ_ONLY_REASON };
  if (access === "viewer") return { allowed: false, reason: SYNC_VIEWER_REASON };
  if (!canWriteListing(access)) return { allowed: false, reason: unknownAccessReason(access) ?? "" };
  if (tier === "Free") return { allowed: false, reason: SYNC_PAID_PLAN_REASON };
  return { allowed: true };
}

export function syncState(input: SyncInputs): SyncState {
  const permission = syncPermission(input.readOnly, input.access, input.tier);
  if (!permission.allowed) return { kind: "blocked", reason: permission.reason };
  if (input.pending) return { kind: "working" };
  // The tier decides whether the button is offered; a tier that failed to load does not
  // block the sync (the service will say), one still loading does for a moment.
  if (input.tierPending) return { kind: "waiting" };
  const last = input.last;
  if (last?.kind === "debounced") {
    const seconds = secondsUntil(last.until, input.now);
    if (seconds > 0) return { kind: "countdown", seconds };
  }
  if (last?.kind === "daily_cap" && secondsUntil(last.until, input.now) > 0) {
    return { kind: "daily_cap", resetsAt: last.until, reason: last.message };
  }
  if (last?.kind === "failed") return { kind: "ready", note: last.message };
  return { kind: "ready", note: null };
}

/**
 * The answer a failed sync leaves behind. A debounce or the daily cap becomes a wait that
 * starts now and lasts Retry-After seconds (at least 1: the service rounds up).
 */
export function answerFromError(
  error: unknown,
  now: number,
  describe: (error: unknown) => string,
): SyncAnswer {
  if (isSvcError(error) && error.status === 429) {
    const wait = Math.max(1, error.rateLimit.retryAfter ?? retryAfterFromDetails(error.details) ?? 60);
    if (error.code === "sync_daily_limit") {
      return { kind: "daily_cap", until: now + wait * 1000, message: error.message };
    }
    if (error.code === "sync_debounced") return { kind: "debounced", until: now + wait * 1000 };
  }
  return { kind: "failed", message: describe(error) };
}

/**
 * A 429 to a sync that is the sync's own refusal (its debounce or daily cap), not the rate
 * limit: any code other than the rate limit's. A 429 without a code is the rate limit, the
 * one 429 the interface states, so the shell counts it down like any other.
 */
export function isSyncRefusal(error: unknown): boolean {
  return isSvcError(error) && error.status === 429 && !refusalIs(error, 429, "rate_limited");
}

function retryAfterFromDetails(details: Record<string, unknown> | undefined): number | null {
  const value = details?.retry_after;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
