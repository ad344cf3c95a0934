import type { RateLimitInfo } from "./svc/errors";

/**
 * The last rate-limit budget the service reported, for the headroom indicator. Framework
 * free: React reads it through useSyncExternalStore.
 */
export interface RateLimitSnapshot extends RateLimitInfo {
  seenAt: number;
}

export function createRateLimitStore() {
  let snapshot: RateLimitSnapshot | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Answers without the headers (a BFF error of its own) leave the last reading alone. */
    record(info: RateLimitInfo, now = Date.now()) {
      if (info.limit === null || info.remaining === null) return;
      snapshot = { ...info, seenAt: now };
      for (const listener of listeners) listener();
    },
  };
}

/** Share of the minute's budget left, 0..1. */
export function headroom(snapshot: Pick<RateLimitInfo, "limit" | "remaining">): number {
  if (!snapshot.limit || snapshot.remaining === null) return 1;
  return Math.max(0, Math.min(1, snapshot.remaining / snapshot.limit));
}
