/**
 * Plots take turns. Drawing one recharts plot (measuring its box, laying out every tick, bar
 * and point, committing a few hundred SVG nodes) costs 20–60 ms of main thread on these
 * machines; a page that mounted three in one commit (/usage) made one 148 ms task, long enough
 * to delay a click. Each plot waits here for its turn: one plot per idle period, the next
 * only after the previous has committed, so no task carries more than one plot.
 */

export interface IdleScheduler {
  /** Calls `run` when the main thread is idle (or after `timeoutMs` at the latest). */
  request(run: () => void, timeoutMs: number): () => void;
}

/** The browser's idle callback; a short timer where there is none (Safari). */
export const browserIdle: IdleScheduler = {
  request(run, timeoutMs) {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(run, 16);
    return () => window.clearTimeout(handle);
  },
};

/**
 * A plot waits at most this long for an idle moment, so a busy page still draws its charts
 * promptly. Plots stay in separate tasks whatever the wait: the turns do that, not the idling.
 */
export const PLOT_TURN_TIMEOUT_MS = 100;

export interface PlotQueue {
  /**
   * Asks for a turn: `start` is called when it comes. Answers `done` (call it once the plot
   * has committed: the next turn is then scheduled) and `leave` (the plot unmounted before or
   * during its turn: its place is given up).
   */
  join(start: () => void): { done: () => void; leave: () => void };
}

export function createPlotQueue(scheduler: IdleScheduler): PlotQueue {
  const waiting: Array<() => void> = [];
  /** A turn in progress (its plot has not committed yet) or an idle callback pending. */
  let busy = false;
  let cancelPending: (() => void) | null = null;

  const next = () => {
    if (busy || waiting.length === 0) return;
    busy = true;
    cancelPending = scheduler.request(() => {
      cancelPending = null;
      const start = waiting.shift();
      if (start) start();
      else busy = false;
    }, PLOT_TURN_TIMEOUT_MS);
  };

  return {
    join(start) {
      let state: "waiting" | "drawing" | "over" = "waiting";
      const entry = () => {
        state = "drawing";
        start();
      };
      waiting.push(entry);
      next();
      const finish = () => {
        if (state === "over") return;
        const wasDrawing = state === "drawing";
        state = "over";
        const at = waiting.indexOf(entry);
        if (at >= 0) waiting.splice(at, 1);
        if (wasDrawing) {
          busy = false;
          next();
        } else if (waiting.length === 0 && cancelPending && busy) {
          // Nobody is left to take the pending turn.
          cancelPending();
          cancelPending = null;
          busy = false;
        }
      };
      return { done: finish, leave: finish };
    },
  };
}

/** No turns: each plot starts at once (what a page does without the queue; bench:pages measures it). */
export const noTurns: PlotQueue = {
  join(start) {
    start();
    return { done: () => {}, leave: () => {} };
  },
};
