import { describe, expect, it } from "vitest";
import type { RateLimitSnapshot } from "@/lib/shell/rate-limit-store";
import { SvcError } from "@/lib/svc/errors";
import { createRowLoader } from "@/lib/calendar/row-loader";

const NOW = 1_800_000_000_000;
const idle: RateLimitSnapshot = { reading: null, waitUntil: null };
const reading = (remaining: number, limit = 120, resetInS = 30): RateLimitSnapshot => ({
  reading: { limit, remaining, resetAt: NOW + resetInS * 1000, retryAfter: null, skewMs: null, seenAt: NOW },
  waitUntil: null,
});

/** A loader whose reads are promises the test settles, with a clock and timers it drives. */
function harness(budget: () => RateLimitSnapshot = () => idle) {
  const pending = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();
  const started: string[] = [];
  const loaded = new Set<string>();
  let wake: { run: () => void; at: number } | null = null;
  const loader = createRowLoader({
    load: (key) =>
      new Promise<void>((resolve, reject) => {
        started.push(key);
        pending.set(key, {
          resolve: () => {
            loaded.add(key);
            resolve();
          },
          reject,
        });
      }),
    isFresh: (key) => loaded.has(key),
    budget,
    isTransient: (e) => e instanceof SvcError && e.status === 429,
    now: () => NOW,
    schedule: (run, ms) => {
      wake = { run, at: NOW + ms };
      return () => (wake = null);
    },
  });
  const settle = async (key: string, ok = true) => {
    const p = pending.get(key)!;
    pending.delete(key);
    if (ok) p.resolve();
    else p.reject(new Error("boom"));
    await new Promise((r) => setTimeout(r, 0));
  };
  return { loader, started, pending, loaded, settle, wake: () => wake };
}

const keys = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `L${from + i}`);

describe("the portfolio calendar's row loader", () => {
  it("reads the rows in view first, in the order asked, never more than 4 in flight", async () => {
    const h = harness();
    h.loader.want(keys(10));
    expect(h.started).toEqual(["L0", "L1", "L2", "L3"]);
    expect(h.loader.state().inFlight).toBe(4);
    await h.settle("L1");
    expect(h.started).toEqual(["L0", "L1", "L2", "L3", "L4"]);
    expect(h.loader.state().inFlight).toBe(4);
  });

  it("rows that scrolled away before their turn are never read", async () => {
    const h = harness();
    h.loader.want(keys(10));
    h.loader.want(keys(4, 100));
    for (const key of ["L0", "L1", "L2", "L3"]) await h.settle(key);
    expect(h.started).toEqual(["L0", "L1", "L2", "L3", "L100", "L101", "L102", "L103"]);
  });

  it("a row loaded and still fresh is not read again when it comes back into view", async () => {
    const h = harness();
    h.loader.want(["L0", "L1"]);
    await h.settle("L0");
    await h.settle("L1");
    h.loader.want(keys(3, 50));
    for (const key of ["L50", "L51", "L52"]) await h.settle(key);
    h.loader.want(["L0", "L1"]);
    expect(h.started).toEqual(["L0", "L1", "L50", "L51", "L52"]);
  });

  it("a row being read is not read twice when asked for again", () => {
    const h = harness();
    h.loader.want(["L0"]);
    h.loader.want(["L0", "L1"]);
    expect(h.started).toEqual(["L0", "L1"]);
  });

  it("below 20 % of the budget it pauses until the reset, says how many requests it keeps, then resumes", async () => {
    let budget = reading(30);
    const h = harness(() => budget);
    h.loader.want(keys(6));
    expect(h.started).toHaveLength(4);
    budget = reading(20); // 20/120 < 20 %
    await h.settle("L0");
    expect(h.started).toHaveLength(4);
    const state = h.loader.state();
    expect(state.pausedUntil).toBe(NOW + 30_000);
    expect(state.keptForOtherWork).toBe(20);
    expect(h.wake()?.at).toBe(NOW + 30_000);
    budget = reading(120, 120, 60); // the window reset
    h.wake()!.run();
    expect(h.loader.state().pausedUntil).toBeNull();
    expect(h.started).toEqual(["L0", "L1", "L2", "L3", "L4"]);
  });

  it("after a 429 it waits out Retry-After and reads the row again, without calling it a failure", async () => {
    let budget: RateLimitSnapshot = idle;
    const h = harness(() => budget);
    h.loader.want(["L0"]);
    budget = { reading: null, waitUntil: NOW + 5_000 };
    const p = h.pending.get("L0")!;
    h.pending.delete("L0");
    p.reject(new SvcError({ status: 429, code: "rate_limited", message: "Slow down." }));
    await new Promise((r) => setTimeout(r, 0));
    expect(h.loader.state().failed.size).toBe(0);
    expect(h.loader.state().pausedUntil).toBe(NOW + 5_000);
    budget = idle;
    h.wake()!.run();
    expect(h.started).toEqual(["L0", "L0"]);
  });

  it("a failed row is reported and not retried on its own; Retry reads it again", async () => {
    const h = harness();
    h.loader.want(["L0", "L1"]);
    await h.settle("L0", false);
    expect([...h.loader.state().failed]).toEqual(["L0"]);
    h.loader.want(["L0", "L1"]);
    expect(h.started).toEqual(["L0", "L1"]);
    h.loader.retry("L0");
    expect(h.started).toEqual(["L0", "L1", "L0"]);
    expect(h.loader.state().failed.size).toBe(0);
  });

  it("tells its reader only when something shown changed, not on every scroll", async () => {
    const changes: number[] = [];
    const loader = createRowLoader({
      load: () => new Promise(() => undefined),
      isFresh: () => false,
      budget: () => idle,
      onChange: (state) => changes.push(state.inFlight),
    });
    loader.want(keys(10));
    loader.want(keys(10));
    loader.want(keys(12));
    expect(changes).toEqual([4]);
  });
});
