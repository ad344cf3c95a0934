/**
 * Times the service states are on the service's clock, and the dashboard acts on its own: a
 * service whose clock runs an hour ahead says "the window resets at 23:40" when, here, it
 * resets at 22:40. Each answer's `Date` header says what time it was there, so the gap
 * (skew) is learned from every answer and every stated instant is moved onto our clock.
 */

/**
 * The rate limit's window: per key, per minute (interface decisions §1). No pause waits on
 * the service's word for longer than this; after it the next request asks again, which costs
 * one request, while trusting a reset that a wrong clock or unit put an hour away stalls
 * every bulk read for that hour.
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * A `Date` header counts whole seconds and is stamped before the answer travels, so clocks
 * that agree still differ by up to a second or two: below this the clocks are taken to agree.
 */
const SKEW_TOLERANCE_MS = 2_000;

/** Service time − local time, in ms, from an answer's `Date` header; null without one. */
export function skewFromDate(date: string | null, now: number): number | null {
  if (date === null) return null;
  const serviceNow = Date.parse(date);
  if (Number.isNaN(serviceNow)) return null;
  const skew = serviceNow - now;
  return Math.abs(skew) < SKEW_TOLERANCE_MS ? 0 : skew;
}

/** A time the service stated, as the instant it is on our clock. */
export const toLocal = (serviceMs: number, skewMs: number | null) => serviceMs - (skewMs ?? 0);

/**
 * Above this, an `X-RateLimit-Reset` is a moment (unix time), below it a wait in seconds:
 * 10^9 unix seconds is September 2001, long before any answer, and a wait that long (31
 * years) is no wait a service means.
 */
const EPOCH_SECONDS_FROM = 1e9;
/** Above this, a unix time counts milliseconds: 10^12 seconds is 33,000 years away. */
const EPOCH_MS_FROM = 1e12;

/**
 * `X-RateLimit-Reset` as the local unix ms when the window resets. The header comes as unix
 * seconds (the interface decisions'), unix milliseconds (above 10^12) or seconds to wait
 * (below 10^9). A moment is on the service's clock and is moved by the skew; a wait counts
 * from the answer. Never further away than one window: see RATE_LIMIT_WINDOW_MS.
 */
export function resetInstant(raw: number | null, skewMs: number | null, now: number): number | null {
  if (raw === null || raw < 0) return null;
  const at =
    raw >= EPOCH_MS_FROM
      ? toLocal(raw, skewMs)
      : raw >= EPOCH_SECONDS_FROM
        ? toLocal(raw * 1000, skewMs)
        : now + raw * 1000;
  return Math.min(at, now + RATE_LIMIT_WINDOW_MS);
}

/**
 * `Retry-After` as whole seconds to wait from now: the header is seconds, or an HTTP date on
 * the service's clock (moved by the skew). Not capped: the daily sync cap's wait, until the
 * service's midnight, is hours on purpose.
 */
export function retryAfterSeconds(raw: string | null, skewMs: number | null, now: number): number | null {
  if (raw === null || raw.trim() === "") return null;
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((toLocal(at, skewMs) - now) / 1000));
}
