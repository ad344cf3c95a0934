/**
 * Durations and waits in words, shared by every feature: "45 s", "3 min 5 s", "3 h 24 min",
 * "2 d 4 h". Two units at most, so that a wait reads at a glance and no countdown ever shows
 * a raw count like "12256 s". Latencies are measurements, not waits: always in ms.
 */

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** "a b" with the second part dropped when it is zero ("3 h", not "3 h 0 min"). */
const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
  small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;

/**
 * A duration in seconds, rounded to the smallest unit shown: "45 s", "3 min 5 s", "3 h 24 min",
 * "2 d 4 h". A negative duration is a wait already over ("0 s"); what is not a number is
 * unknown ("—"), never "NaN s".
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "—";
  const s = Math.max(0, Math.round(seconds));
  if (s < MINUTE) return `${s} s`;
  if (s < HOUR) return pair(Math.floor(s / MINUTE), "min", s % MINUTE, "s");
  // Rounded to the minute first, so that 23 h 59 min 45 s carries over to "1 d", not "24 h".
  const minutes = Math.round(s / MINUTE);
  if (minutes < DAY / MINUTE) return pair(Math.floor(minutes / 60), "h", minutes % 60, "min");
  const hours = Math.round(s / HOUR);
  return pair(Math.floor(hours / 24), "d", hours % 24, "h");
}

/**
 * Whole seconds from `now` to `until` (both ms), rounded up so that a countdown reaches 0 only
 * when the wait is over; never negative.
 */
export function secondsUntil(until: number, now: number): number {
  const left = Math.ceil((until - now) / 1000);
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

/** "in 3 h 24 min" until `until`, or "now" once it has passed. */
export function formatCountdown(until: number, now: number): string {
  const left = secondsUntil(until, now);
  return left > 0 ? `in ${formatDuration(left)}` : "now";
}

/**
 * A latency in ms at a precision that suits its size ("0.85 ms", "12.4 ms", "42 ms",
 * "245 ms", "1,245 ms"); null, meaning nothing was measured, is "—".
 */
export function formatLatency(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "—";
  // Whole ms (a delivery's timing) stay whole; percentiles keep the decimals their size earns.
  const digits = Number.isInteger(ms) || ms >= 100 ? 0 : ms < 10 ? 2 : 1;
  return `${ms.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })} ms`;
}
