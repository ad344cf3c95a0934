import { ApiError } from "../domain/api-error";
import type { SandboxContext } from "../context";

const WINDOW_MS = 60_000;

/**
 * docs/interface-decisions.md §1: per key, fixed 60-second window on the service clock. Returns the
 * `X-RateLimit-*` headers for this request, or throws 429 with `Retry-After`.
 */
export function consumeRateLimit(ctx: SandboxContext, tokenId: string): Record<string, string> {
  const now = ctx.clock.nowMs();
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const entry = ctx.state.rateWindows.get(tokenId);
  const current = entry && entry.windowStart === windowStart ? entry : { windowStart, count: 0 };
  current.count += 1;
  ctx.state.rateWindows.set(tokenId, current);

  const limit = ctx.config.rateLimitPerMinute;
  const resetSeconds = Math.floor((windowStart + WINDOW_MS) / 1000);
  const headers = {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(Math.max(0, limit - current.count)),
    "X-RateLimit-Reset": String(resetSeconds),
  };
  if (current.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    throw new ApiError(
      429,
      "rate_limited",
      `Rate limit of ${limit} requests a minute exceeded; retry in ${retryAfter} s.`,
      { limit, retry_after: retryAfter },
      { ...headers, "Retry-After": String(retryAfter) },
    );
  }
  return headers;
}
