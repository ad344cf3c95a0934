import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import { createServiceRecovery, isUnreachable } from "@/lib/queries/service-recovery";

/** A manual clock: timers run when the test says. */
function manualTimers() {
  const pending: Array<{ run: () => void; ms: number }> = [];
  return {
    pending,
    setTimer: (run: () => void, ms: number) => {
      const t = { run, ms };
      pending.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      const i = pending.indexOf(t as (typeof pending)[number]);
      if (i >= 0) pending.splice(i, 1);
    },
    async fire() {
      const t = pending.shift()!;
      t.run();
      await new Promise((r) => setTimeout(r, 0));
      return t.ms;
    },
  };
}

describe("open pages recover by themselves when the service answers again", () => {
  it("checks after growing pauses and fetches the failed queries once the service is back", async () => {
    const timers = manualTimers();
    const answers = [false, false, true];
    let refetched = 0;
    const recovery = createServiceRecovery({
      probe: async () => answers.shift()!,
      onBack: () => (refetched += 1),
      delays: [10, 20, 40],
      ...timers,
    });
    recovery.noticeFailure();
    recovery.noticeFailure(); // one watcher, however many queries failed
    expect(timers.pending).toHaveLength(1);
    expect(await timers.fire()).toBe(10);
    expect(await timers.fire()).toBe(20);
    expect(refetched).toBe(0);
    expect(await timers.fire()).toBe(40);
    expect(refetched).toBe(1);
    expect(recovery.watching).toBe(false);
    expect(timers.pending).toHaveLength(0);
  });

  it("a healthy page checks nothing: no failure, no timer", () => {
    const timers = manualTimers();
    createServiceRecovery({ probe: async () => true, onBack: () => {}, ...timers });
    expect(timers.pending).toHaveLength(0);
  });

  it("a check that throws counts as still down; the pause stops growing at the last step", async () => {
    const timers = manualTimers();
    const recovery = createServiceRecovery({
      probe: async () => {
        throw new Error("offline");
      },
      onBack: () => {},
      delays: [5, 7],
      ...timers,
    });
    recovery.noticeFailure();
    expect([await timers.fire(), await timers.fire(), await timers.fire()]).toEqual([5, 7, 7]);
    recovery.stop();
    expect(timers.pending).toHaveLength(0);
  });

  it("only unreachable and timed-out calls start it, not answers the service gave", () => {
    const err = (status: number, code: string) => new SvcError({ status, code, message: "x" });
    expect(isUnreachable(err(502, "upstream_unreachable"))).toBe(true);
    expect(isUnreachable(err(504, "upstream_timeout"))).toBe(true);
    expect(isUnreachable(err(500, "internal_error"))).toBe(false);
    expect(isUnreachable(err(429, "rate_limited"))).toBe(false);
    expect(isUnreachable(new Error("boom"))).toBe(false);
  });
});
