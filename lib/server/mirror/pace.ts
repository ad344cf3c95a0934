import { headroom, meterResetAt } from "@/lib/shell/rate-limit-store";
import type { RateLimitInfo } from "@/lib/svc/errors";
import { RATE_LIMIT_WINDOW_MS } from "@/lib/svc/service-time";

/**
 * How fast the mirror reads: a share of the key's budget per minute, read from the service's
 * own `X-RateLimit-*` headers, so that the pages (which spend the same key's budget) always
 * find room. Pure: the worker hands in the latest reading and the clock.
 *
 * Two rules together:
 * - a floor: the sync never takes the minute's remaining budget below (1 − share) of the
 *   limit; when the pages have spent into the sync's share, it waits for the window's reset;
 * - a spread: its requests are spaced evenly over the minute (share × limit a minute), rather
 *   than sent in a burst at the window's start that would leave the pages a thin minute.
 */

/** The share while someone of the account uses the dashboard, and while nobody does. */
export const DEFAULT_SHARES = { online: 0.3, idle: 0.8 } as const;
/** What the sync assumes of a service that sends no limit header: a modest minute. */
export const ASSUMED_LIMIT = 60;
/** A 429 without Retry-After waits out a whole window. */
const DEFAULT_RETRY_AFTER_S = RATE_LIMIT_WINDOW_MS / 1000;

export interface BudgetReading extends Pick<RateLimitInfo, "limit" | "remaining" | "resetAt"> {
  /** When the reading was taken (unix ms, our clock). */
  seenAt: number;
}

export type PaceVerdict = { send: true } | { send: false; until: number; reason: "spread" | "budget" };

/** Requests a minute the sync may spend at this share. */
export function requestsPerMinute(share: number, limit: number | null): number {
  return Math.max(1, Math.floor(share * (limit ?? ASSUMED_LIMIT)));
}

export function paceVerdict(input: {
  reading: BudgetReading | null;
  share: number;
  lastSentAt: number | null;
  now: number;
}): PaceVerdict {
  const { reading, share, lastSentAt, now } = input;
  const limit = reading?.limit ?? null;
  const interval = RATE_LIMIT_WINDOW_MS / requestsPerMinute(share, limit);
  if (reading && reading.limit && reading.remaining !== null) {
    const resetAt = meterResetAt(reading) ?? reading.seenAt + RATE_LIMIT_WINDOW_MS;
    // A reading from a window that has reset since says nothing of the new window.
    const current = now < resetAt;
    if (current && headroom({ limit: reading.limit, remaining: reading.remaining - 1 }) < 1 - share) {
      return { send: false, until: resetAt, reason: "budget" };
    }
  }
  if (lastSentAt !== null && now < lastSentAt + interval) {
    return { send: false, until: lastSentAt + interval, reason: "spread" };
  }
  return { send: true };
}

/** When a 429 lets the sync try again: its Retry-After, else a whole window. */
export function retryAfter429(retryAfterSeconds: number | null, now: number): number {
  return now + Math.max(1, retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S) * 1000;
}

/** Minutes the remaining requests take at this share; null when nothing is left. */
export function minutesLeft(requestsLeft: number, share: number, limit: number | null): number | null {
  if (requestsLeft <= 0) return null;
  return requestsLeft / requestsPerMinute(share, limit);
}
