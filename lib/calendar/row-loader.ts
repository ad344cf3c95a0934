import { PACED_CONCURRENCY, PACED_FLOOR, pauseUntil } from "@/lib/queries/paced";
import type { RateLimitSnapshot } from "@/lib/shell/rate-limit-store";

/**
 * The portfolio calendar's row loading: one read per listing, but only for the rows the
 * reader sees or is about to see, most wanted first; at most `concurrency` requests in
 * flight; a row already loaded and still fresh is never read again; and whenever the minute's
 * budget falls below `floor`, nothing more is read until the window resets, so scrolling
 * through 1,500 listings never starves the reader's other work. Framework free: the React
 * hook feeds it the rows in view and the query cache's freshness.
 */

export interface RowLoaderState {
  /** Keys being read now. */
  inFlight: number;
  /** Unix ms until which loading waits to keep budget for other work; null while loading. */
  pausedUntil: number | null;
  /** Requests the pause keeps for other work (the budget's remaining figure), when paused by the floor. */
  keptForOtherWork: number | null;
  /** Keys whose read failed (shown with a retry), until `retry`. */
  failed: ReadonlySet<string>;
}

export interface RowLoaderOptions {
  /** Reads one key; resolves when its answer is in the cache. */
  load: (key: string) => Promise<unknown>;
  /** True when the key's answer is in the cache and fresh: reading it again costs a request for nothing. */
  isFresh: (key: string) => boolean;
  budget: () => RateLimitSnapshot;
  concurrency?: number;
  floor?: number;
  /** A failure to wait out rather than report (a 429: the budget's wait covers it). */
  isTransient?: (error: unknown) => boolean;
  onChange?: (state: RowLoaderState) => void;
  now?: () => number;
  schedule?: (run: () => void, ms: number) => () => void;
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function createRowLoader(options: RowLoaderOptions) {
  const concurrency = Math.max(1, options.concurrency ?? PACED_CONCURRENCY);
  const floor = options.floor ?? PACED_FLOOR;
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? defaultSchedule;
  let wanted: readonly string[] = [];
  const inFlight = new Set<string>();
  const failed = new Set<string>();
  let pausedUntil: number | null = null;
  let cancelWake: (() => void) | null = null;
  let disposed = false;

  const needsRead = (key: string) => !inFlight.has(key) && !failed.has(key) && !options.isFresh(key);

  // The failures as last reported: a new set only when they change, so a reader that keys
  // on it (the grid's rows) re-renders only then.
  let failedSnapshot: ReadonlySet<string> = new Set();
  let last: RowLoaderState | null = null;

  function state(): RowLoaderState {
    const reading = options.budget().reading;
    if (failedSnapshot.size !== failed.size || [...failed].some((k) => !failedSnapshot.has(k))) {
      failedSnapshot = new Set(failed);
    }
    return {
      inFlight: inFlight.size,
      pausedUntil,
      keptForOtherWork: pausedUntil !== null && reading ? reading.remaining : null,
      failed: failedSnapshot,
    };
  }
  /** Tells the reader only when something it shows changed: scrolling calls `want` every frame. */
  const emit = () => {
    const next = state();
    if (
      last &&
      last.inFlight === next.inFlight &&
      last.pausedUntil === next.pausedUntil &&
      last.keptForOtherWork === next.keptForOtherWork &&
      last.failed === next.failed
    ) {
      return;
    }
    last = next;
    options.onChange?.(next);
  };

  function pump() {
    if (disposed) return;
    const waitUntil = pauseUntil(options.budget(), floor, now());
    if (waitUntil !== null) {
      if (pausedUntil !== waitUntil) {
        pausedUntil = waitUntil;
        cancelWake?.();
        cancelWake = schedule(
          () => {
            cancelWake = null;
            pausedUntil = null;
            pump();
            emit();
          },
          Math.max(0, waitUntil - now()),
        );
      }
      emit();
      return;
    }
    pausedUntil = null;
    for (const key of wanted) {
      if (inFlight.size >= concurrency) break;
      if (needsRead(key)) start(key);
    }
    emit();
  }

  function start(key: string) {
    inFlight.add(key);
    options
      .load(key)
      .catch((error: unknown) => {
        if (!options.isTransient?.(error)) failed.add(key);
      })
      .finally(() => {
        inFlight.delete(key);
        pump();
      });
  }

  return {
    /** The keys to have loaded, most wanted first (rows on screen, then the ones about to be). */
    want(keys: readonly string[]) {
      wanted = keys;
      pump();
    },
    /** Forget a failure and read the key again if it is still wanted. */
    retry(key: string) {
      failed.delete(key);
      pump();
    },
    /** Something changed outside (an answer went stale, the budget reset): look again. */
    poke: pump,
    state,
    dispose() {
      disposed = true;
      cancelWake?.();
    },
  };
}

export type RowLoader = ReturnType<typeof createRowLoader>;
