import { describe, expect, it } from "vitest";
import { createPlotQueue, PLOT_TURN_TIMEOUT_MS, type IdleScheduler } from "@/components/charts/plot-queue";

/** An idle scheduler the test runs by hand: `idle()` is one idle period. */
function manualScheduler() {
  const pending: Array<{ run: () => void; timeout: number }> = [];
  const scheduler: IdleScheduler = {
    request(run, timeout) {
      const entry = { run, timeout };
      pending.push(entry);
      return () => {
        const at = pending.indexOf(entry);
        if (at >= 0) pending.splice(at, 1);
      };
    },
  };
  return {
    scheduler,
    pending: () => pending.length,
    timeouts: () => pending.map((p) => p.timeout),
    idle: () => pending.shift()?.run(),
  };
}

describe("plots take turns", () => {
  it("one plot starts per idle period, the next only after the previous has committed", () => {
    const idle = manualScheduler();
    const queue = createPlotQueue(idle.scheduler);
    const started: string[] = [];
    const a = queue.join(() => started.push("a"));
    queue.join(() => started.push("b"));
    queue.join(() => started.push("c"));
    expect(started).toEqual([]);
    expect(idle.pending()).toBe(1);

    idle.idle();
    expect(started).toEqual(["a"]);
    // a has not committed: no second turn is even asked for.
    expect(idle.pending()).toBe(0);
    idle.idle();
    expect(started).toEqual(["a"]);

    a.done();
    expect(idle.pending()).toBe(1);
    idle.idle();
    expect(started).toEqual(["a", "b"]);
  });

  it("a plot waits at most the turn timeout for an idle moment", () => {
    const idle = manualScheduler();
    createPlotQueue(idle.scheduler).join(() => undefined);
    expect(idle.timeouts()).toEqual([PLOT_TURN_TIMEOUT_MS]);
  });

  it("a plot that leaves before its turn gives up its place", () => {
    const idle = manualScheduler();
    const queue = createPlotQueue(idle.scheduler);
    const started: string[] = [];
    const a = queue.join(() => started.push("a"));
    const b = queue.join(() => started.push("b"));
    queue.join(() => started.push("c"));
    b.leave();
    idle.idle();
    a.done();
    idle.idle();
    expect(started).toEqual(["a", "c"]);
  });

  it("a plot that leaves while drawing passes the turn on", () => {
    const idle = manualScheduler();
    const queue = createPlotQueue(idle.scheduler);
    const started: string[] = [];
    const a = queue.join(() => started.push("a"));
    queue.join(() => started.push("b"));
    idle.idle();
    a.leave();
    idle.idle();
    expect(started).toEqual(["a", "b"]);
  });

  it("when the last waiting plot leaves, the pending idle request is cancelled", () => {
    const idle = manualScheduler();
    const queue = createPlotQueue(idle.scheduler);
    const a = queue.join(() => undefined);
    a.leave();
    expect(idle.pending()).toBe(0);
    // The queue is free again: a new plot gets a turn.
    const started: string[] = [];
    queue.join(() => started.push("new"));
    idle.idle();
    expect(started).toEqual(["new"]);
  });

  it("done and leave after done change nothing", () => {
    const idle = manualScheduler();
    const queue = createPlotQueue(idle.scheduler);
    const started: string[] = [];
    const a = queue.join(() => started.push("a"));
    queue.join(() => started.push("b"));
    queue.join(() => started.push("c"));
    idle.idle();
    a.done();
    a.leave();
    a.done();
    // Only one turn is pending, not three.
    expect(idle.pending()).toBe(1);
    idle.idle();
    expect(started).toEqual(["a", "b"]);
  });
});
