import { isSvcError } from "@/lib/svc/errors";
import { RATE_LIMIT_WINDOW_MS } from "@/lib/svc/service-time";

/**
 * Retrying spends the rate budget, so only what the service asks to be retried is: a 429
 * once, after its Retry-After (the shell shows the countdown), and a 409 ("retry after it
 * completes") up to twice. Both are safe for writes too: the service did not act on them.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isSvcError(error)) return false;
  if (error.status === 429) return failureCount < 1;
  if (error.status === 409) return failureCount < 2;
  return false;
}

/**
 * A 429's wait: its Retry-After, at most one window of the per-minute limit (as the shell's
 * countdown says), after which the one retry asks again.
 */
export function retryDelay(_attempt: number, error: unknown): number {
  if (isSvcError(error) && error.status === 429) {
    return Math.min(Math.max(1, error.rateLimit.retryAfter ?? 60) * 1000, RATE_LIMIT_WINDOW_MS);
  }
  return 500;
}
