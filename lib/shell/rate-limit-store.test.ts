import { describe, expect, it } from "vitest";
import { readRateLimit } from "@/lib/svc/errors";
import { RATE_LIMIT_WINDOW_MS } from "@/lib/svc/service-time";
import { createRateLimitStore, headroom, meterResetAt } from "@/lib/shell/rate-limit-store";

const info = (remaining: number | null, retryAfter: number | null = null) => ({
  limit: remaining === null ? null : 30,
  remaining,
  resetAt: 1_800_000_000_000,
  retryAfter,
  skewMs: null,
});

describe("the rate-limit store", () => {
  it("keeps the last reading of X-RateLimit-*", () => {
    const store = createRateLimitStore();
    store.record(info(12), 200, 1000);
    expect(store.get().reading).toMatchObject({
      limit: 30,
      remaining: 12,
      resetAt: 1_800_000_000_000,
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

  it("the meter's reset corrects for skew", () => {
    // The service's clock runs an hour ahead: its reset, 22:40:00 there, is 21:40:00 here.
    const now = Date.parse("2026-11-30T21:39:02Z");
    const headers = new Headers({
      date: "Mon, 30 Nov 2026 22:39:02 GMT",
      "x-ratelimit-limit": "120",
      "x-ratelimit-remaining": "100",
      "x-ratelimit-reset": String(Date.parse("2026-11-30T22:40:00Z") / 1000),
    });
    const store = createRateLimitStore();
    store.record(readRateLimit(headers, now), 200, now);
    expect(store.get().skewMs).toBe(3_600_000);
    expect(meterResetAt(store.get().reading!)).toBe(Date.parse("2026-11-30T21:40:00Z"));
  });

  it("the meter never shows a reset more than a window after its reading", () => {
    const store = createRateLimitStore();
    store.record({ ...info(12), resetAt: 1000 + 58 * 60_000 }, 200, 1000);
    expect(meterResetAt(store.get().reading!)).toBe(1000 + RATE_LIMIT_WINDOW_MS);
  });

  it("a 429 asking to wait longer than the window waits one window", () => {
    const store = createRateLimitStore();
    store.record(info(0, 3600), 429, 5000);
    expect(store.get().waitUntil).toBe(5000 + RATE_LIMIT_WINDOW_MS);
  });

  it("the skew is kept from the service's answers, not from the BFF's own refusals", () => {
    const store = createRateLimitStore();
    store.record({ ...info(12), skewMs: 3_600_000 }, 200, 0);
    store.record({ ...info(null), skewMs: 0 }, 502, 10);
    expect(store.get().skewMs).toBe(3_600_000);
  });

  it("headroom is the share left", () => {
    expect(headroom({ limit: 30, remaining: 3 })).toBeCloseTo(0.1);
    expect(headroom({ limit: 30, remaining: 0 })).toBe(0);
  });
});
