import type { RateLimitInfo } from "../svc/errors";

/**
 * What the service last said about the request budget, for the shell: the reading of the
 * last answer's `X-RateLimit-*`, and, after a 429, until when to wait (`Retry-After`).
 * Framework free: React reads it through useSyncExternalStore.
 */
export interface RateLimitSnapshot {
  reading: (RateLimitInfo & { seenAt: number }) | null;
  /** Unix milliseconds until which the service asked us to wait; null when not limited. */
  waitUntil: number | null;
}

export function createRateLimitStore() {
  let snapshot: RateLimitSnapshot = { reading: null, waitUntil: null };
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
     * seconds; any other answer ends it. Answers without the headers (the BFF's own
     * refusals) leave the reading alone.
     */
    record(info: RateLimitInfo, status: number, now = Date.now()) {
      const hasReading = info.limit !== null && info.remaining !== null;
      const waitUntil =
        status === 429
          ? now + Math.max(1, info.retryAfter ?? 60) * 1000
          : hasReading
            ? null
            : snapshot.waitUntil;
      publish({ reading: hasReading ? { ...info, seenAt: now } : snapshot.reading, waitUntil });
    },
  };
}

/** Share of the minute's budget left, 0..1. */
export function headroom(reading: Pick<RateLimitInfo, "limit" | "remaining">): number {
  if (!reading.limit || reading.remaining === null) return 1;
  return Math.max(0, Math.min(1, reading.remaining / reading.limit));
}
