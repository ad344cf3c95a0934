import { describe, expect, it } from "vitest";
import { createRateLimitStore, type RateLimitSnapshot } from "@/lib/shell/rate-limit-store";
import { RATE_LIMIT_WINDOW_MS } from "@/lib/svc/service-time";
import { pauseUntil, runPaced } from "@/lib/queries/paced";

const NOW = 1_800_000_000_000;
const reading = (remaining: number, limit = 100, resetInS = 30): RateLimitSnapshot => ({
  reading: { limit, remaining, resetAt: NOW + resetInS * 1000, retryAfter: null, skewMs: null, seenAt: NOW },
  waitUntil: null,
});
const idle: RateLimitSnapshot = { reading: null, waitUntil: null };

describe("pauseUntil", () => {
  it("goes on while no budget was read yet", () => {
    expect(pauseUntil(idle, 0.2, NOW)).toBeNull();
  });

  it("goes on at or above the floor", () => {
    expect(pauseUntil(reading(20), 0.2, NOW)).toBeNull();
  });

  it("below 20 % of the limit waits for the window's reset", () => {
    expect(pauseUntil(reading(19), 0.2, NOW)).toBe(NOW + 30_000);
  });

  it("a reset already past goes on: the reading is stale", () => {
    expect(pauseUntil(reading(0, 100, -1), 0.2, NOW)).toBeNull();
  });

  it("after a 429 waits until Retry-After ends, whatever the reading", () => {
    expect(pauseUntil({ ...reading(90), waitUntil: NOW + 5_000 }, 0.2, NOW)).toBe(NOW + 5_000);
  });

  it("a pause never exceeds the window", () => {
    // A reset an hour after the reading (a clock or unit gone wrong) waits one window from it.
    const far = reading(0, 100, 3600);
    expect(pauseUntil(far, 0.2, NOW)).toBe(NOW + RATE_LIMIT_WINDOW_MS);
    // Once the window has passed, the next request goes: it asks the service again.
    expect(pauseUntil(far, 0.2, NOW + RATE_LIMIT_WINDOW_MS)).toBeNull();
    // A 429 asking for an hour starts a wait of one window too.
    const store = createRateLimitStore();
    store.record({ ...far.reading!, retryAfter: 3600 }, 429, NOW);
    expect(pauseUntil(store.get(), 0.2, NOW)).toBe(NOW + RATE_LIMIT_WINDOW_MS);
  });
});

describe("runPaced", () => {
  it("never has more than the concurrency in flight and runs every item once", async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    const result = await runPaced(
      Array.from({ length: 10 }, (_, i) => i),
      async (i) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 1));
        seen.push(i);
        inFlight -= 1;
      },
      { concurrency: 4, budget: () => idle },
    );
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(result).toEqual({ done: 10, failed: 0, total: 10, pausedUntil: null });
  });

  it("counts a failed item and goes on with the others", async () => {
    const result = await runPaced(
      [1, 2, 3],
      async (i) => {
        if (i === 2) throw new Error("refused");
      },
      { budget: () => idle },
    );
    expect(result).toMatchObject({ done: 2, failed: 1, total: 3 });
  });

  it("pauses below the floor until the reset, reports it, then resumes", async () => {
    let clock = NOW;
    let snapshot = reading(10);
    const sleeps: number[] = [];
    const pauses: Array<number | null> = [];
    const result = await runPaced([1, 2], async () => undefined, {
      concurrency: 1,
      budget: () => snapshot,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
        snapshot = reading(100, 100, 60);
      },
      onProgress: (p) => pauses.push(p.pausedUntil),
    });
    expect(sleeps).toEqual([30_000]);
    expect(pauses).toContain(NOW + 30_000);
    expect(result.done).toBe(2);
  });

  it("stops starting new items once aborted", async () => {
    const controller = new AbortController();
    let started = 0;
    const result = await runPaced(
      [1, 2, 3, 4, 5],
      async () => {
        started += 1;
        if (started === 2) controller.abort();
      },
      { concurrency: 1, budget: () => idle, signal: controller.signal },
    );
    expect(started).toBe(2);
    expect(result.done).toBe(2);
  });
});
