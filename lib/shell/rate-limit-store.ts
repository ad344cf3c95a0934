import type { RateLimitInfo } from "@/lib/svc/errors";
import { RATE_LIMIT_WINDOW_MS } from "@/lib/svc/service-time";

/**
 * What the service last said about the request budget, for the shell: the reading of the
 * last answer's `X-RateLimit-*`, and, after a 429, until when to wait (`Retry-After`). Every
 * instant here is on the dashboard's clock: the service's were moved by the skew as read.
 * Framework free: React reads it through useSyncExternalStore.
 */
export interface RateLimitSnapshot {
  reading: (RateLimitInfo & { seenAt: number }) | null;
  /** Unix milliseconds until which the service asked us to wait; null when not limited. */
  waitUntil: number | null;
  /**
   * Service time − local time in ms, as the last answer with a `Date` header showed; null
   * until one did. Absent means not known yet.
   */
  skewMs?: number | null;
}

export function createRateLimitStore() {
  let snapshot: RateLimitSnapshot = { reading: null, waitUntil: null, skewMs: null };
  const listeners = new Set<() => void>();
  const publish = (next: RateLimitSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Every answer from the service passes here. A 429 starts a wait of `Retry-After`
     * seconds, at most one window (it is the per-minute limit's 429: a longer wait is a
     * wrong unit or clock, and the next request asks again); any other answer ends it.
     * Answers without the headers (the BFF's own refusals) leave the reading alone.
     */
    record(info: RateLimitInfo, status: number, now = Date.now()) {
      const hasReading = info.limit !== null && info.remaining !== null;
      const waitMs = Math.min(Math.max(1, info.retryAfter ?? 60) * 1000, RATE_LIMIT_WINDOW_MS);
      const waitUntil = status === 429 ? now + waitMs : hasReading ? null : snapshot.waitUntil;
      publish({
        reading: hasReading ? { ...info, seenAt: now } : snapshot.reading,
        waitUntil,
        // Only the service's answers (those with a reading) say its time; the BFF's own say ours.
        skewMs: hasReading && info.skewMs !== null ? info.skewMs : (snapshot.skewMs ?? null),
      });
    },
  };
}

/** Share of the minute's budget left, 0..1. */
export function headroom(reading: Pick<RateLimitInfo, "limit" | "remaining">): number {
  if (!reading.limit || reading.remaining === null) return 1;
  return Math.max(0, Math.min(1, reading.remaining / reading.limit));
}

/**
 * When the header's meter says the window resets: the reading's reset, already on our clock,
 * and no later than one window after the reading (a per-minute limit never resets "in 58
 * min"); null when the service gave none.
 */
export function meterResetAt(reading: Pick<RateLimitInfo, "resetAt"> & { seenAt: number }): number | null {
  if (reading.resetAt === null) return null;
  return Math.min(reading.resetAt, reading.seenAt + RATE_LIMIT_WINDOW_MS);
}
