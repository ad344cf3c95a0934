import { describe, expect, it } from "vitest";
import { createRateLimitStore, headroom } from "./rate-limit-store";

const info = (remaining: number | null, retryAfter: number | null = null) => ({
  limit: remaining === null ? null : 30,
  remaining,
  reset: 1_800_000_000,
  retryAfter,
});

describe("the rate-limit store", () => {
  it("keeps the last reading of X-RateLimit-*", () => {
    const store = createRateLimitStore();
    store.record(info(12), 200, 1000);
    expect(store.get().reading).toMatchObject({
      limit: 30,
      remaining: 12,
      reset: 1_800_000_000,
      seenAt: 1000,
    });
  });

  it("a 429 starts a wait of Retry-After seconds, and the next answer ends it", () => {
    const store = createRateLimitStore();
    store.record(info(0, 9), 429, 5000);
    expect(store.get().waitUntil).toBe(14_000);
    store.record(info(29), 200, 15_000);
    expect(store.get().waitUntil).toBeNull();
  });

  it("an answer without the headers (a BFF refusal) changes neither the reading nor the wait", () => {
    const store = createRateLimitStore();
    store.record(info(3, 4), 429, 0);
    const before = store.get();
    store.record(info(null), 502, 100);
    expect(store.get().reading).toEqual(before.reading);
    expect(store.get().waitUntil).toBe(4000);
  });

  it("tells subscribers about every change, and stops after unsubscribing", () => {
    const store = createRateLimitStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    store.record(info(5), 200);
    unsubscribe();
    store.record(info(4), 200);
    expect(calls).toBe(1);
  });

  it("headroom is the share left", () => {
    expect(headroom({ limit: 30, remaining: 3 })).toBeCloseTo(0.1);
    expect(headroom({ limit: 30, remaining: 0 })).toBe(0);
  });
});
