import type { RateLimitSnapshot } from "@/lib/shell/rate-limit-store";
import { headroom, meterResetAt } from "@/lib/shell/rate-limit-store";

/**
 * Shared by every feature that must read one resource per listing (the Overview's flag check
 * and last-year comparison, and the portfolio calendar's rows): at most a few requests in
 * flight, and a pause whenever the minute's budget runs low, so that a bulk read never
 * starves the user's other work. The service's rate limit is per key and low (docs/interface-decisions.md
 * §1), which is why this exists instead of `Promise.all`.
 */

export interface PacedProgress {
  done: number;
  failed: number;
  total: number;
  /** Unix ms until which the run waits to keep budget for other work; null while running. */
  pausedUntil: number | null;
}

export interface PacedOptions {
  /** Requests in flight at most. */
  concurrency?: number;
  /** Share of the minute's budget kept for the user's other work (0..1). */
  floor?: number;
  /** What the service last said about the budget (the shell's rate-limit store). */
  budget: () => RateLimitSnapshot;
  signal?: AbortSignal;
  onProgress?: (progress: PacedProgress) => void;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const PACED_CONCURRENCY = 4;
export const PACED_FLOOR = 0.2;

/**
 * When to wait until before the next request, or null to go on now. Both instants are on our
 * clock (the service's reset was moved by its skew as read) and at most one window after the
 * answer that set them: once past, the next request asks the service again.
 */
export function pauseUntil(snapshot: RateLimitSnapshot, floor: number, now: number): number | null {
  if (snapshot.waitUntil !== null && snapshot.waitUntil > now) return snapshot.waitUntil;
  const reading = snapshot.reading;
  if (!reading) return null;
  const resetAt = meterResetAt(reading);
  if (resetAt === null || resetAt <= now) return null;
  return headroom(reading) < floor ? resetAt : null;
}

const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Runs `work` for every item, `concurrency` at a time, pausing below the budget floor until
 * the window resets. A failed item is counted, not thrown: one listing's refusal must not
 * stop the other thirty. Resolves when every item ran or the signal aborted.
 */
export async function runPaced<T>(
  items: readonly T[],
  work: (item: T, signal?: AbortSignal) => Promise<unknown>,
  options: PacedOptions,
): Promise<PacedProgress> {
  const concurrency = Math.max(1, options.concurrency ?? PACED_CONCURRENCY);
  const floor = options.floor ?? PACED_FLOOR;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const { signal } = options;
  const progress: PacedProgress = { done: 0, failed: 0, total: items.length, pausedUntil: null };
  const report = () => options.onProgress?.({ ...progress });
  let next = 0;

  async function worker() {
    while (next < items.length && !signal?.aborted) {
      const waitUntil = pauseUntil(options.budget(), floor, now());
      if (waitUntil !== null) {
        progress.pausedUntil = waitUntil;
        report();
        await sleep(Math.max(0, waitUntil - now()), signal);
        progress.pausedUntil = null;
        report();
        continue;
      }
      const item = items[next++] as T;
      try {
        await work(item, signal);
        progress.done += 1;
      } catch {
        if (signal?.aborted) return;
        progress.failed += 1;
      }
      report();
    }
  }

  report();
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return { ...progress };
}
