import { describe, expect, it } from "vitest";
import { readRateLimit } from "@/lib/svc/errors";
import { RATE_LIMIT_WINDOW_MS, skewFromDate } from "@/lib/svc/service-time";

/** Our clock, on a whole second: `Date` headers count whole seconds. */
const NOW = Date.parse("2026-11-30T22:39:02Z");
const HOUR = 3_600_000;
const httpDate = (ms: number) => new Date(ms).toUTCString();

const answer = (headers: Record<string, string>) =>
  readRateLimit(new Headers({ "x-ratelimit-limit": "120", "x-ratelimit-remaining": "3", ...headers }), NOW);

describe("the service's clock, from its Date header", () => {
  it("the skew is service time − local time", () => {
    expect(skewFromDate(httpDate(NOW + HOUR), NOW)).toBe(HOUR);
    expect(skewFromDate(httpDate(NOW - 5 * 60_000), NOW)).toBe(-5 * 60_000);
    expect(skewFromDate(null, NOW)).toBeNull();
    expect(skewFromDate("yesterday-ish", NOW)).toBeNull();
  });

  it("a second or so apart (the header's whole seconds, the answer's travel) is no skew", () => {
    expect(skewFromDate(httpDate(NOW - 1_000), NOW)).toBe(0);
  });
});

describe("X-RateLimit-Reset, whichever way it is written", () => {
  it("X-RateLimit-Reset as seconds to wait", () => {
    // Below 10^9 it is a wait, counted from the answer: no clock to correct.
    expect(answer({ "x-ratelimit-reset": "23", date: httpDate(NOW + HOUR) }).resetAt).toBe(NOW + 23_000);
  });

  it("as epoch seconds", () => {
    const serviceReset = (NOW + HOUR + 40_000) / 1000;
    const info = answer({ "x-ratelimit-reset": String(serviceReset), date: httpDate(NOW + HOUR) });
    expect(info.skewMs).toBe(HOUR);
    expect(info.resetAt).toBe(NOW + 40_000);
  });

  it("as epoch milliseconds", () => {
    const serviceReset = NOW - HOUR + 15_000;
    const info = answer({ "x-ratelimit-reset": String(serviceReset), date: httpDate(NOW - HOUR) });
    expect(info.resetAt).toBe(NOW + 15_000);
  });

  it("without a Date header the service's moment is taken as ours", () => {
    expect(answer({ "x-ratelimit-reset": String((NOW + 30_000) / 1000) })).toMatchObject({
      resetAt: NOW + 30_000,
      skewMs: null,
    });
  });

  it("a reset further than the window is read as the window: the next request asks again", () => {
    // An hour ahead with no Date to say why: the per-minute window is the most it waits.
    const info = answer({ "x-ratelimit-reset": String((NOW + HOUR) / 1000) });
    expect(info.resetAt).toBe(NOW + RATE_LIMIT_WINDOW_MS);
  });
});

describe("Retry-After", () => {
  it("Retry-After as seconds", () => {
    expect(answer({ "retry-after": "17", date: httpDate(NOW + HOUR) }).retryAfter).toBe(17);
  });

  it("Retry-After as an HTTP date", () => {
    // The service says "after 23:39:32" on a clock an hour ahead: 30 s from now, here.
    const info = answer({ "retry-after": httpDate(NOW + HOUR + 30_000), date: httpDate(NOW + HOUR) });
    expect(info.retryAfter).toBe(30);
    expect(answer({ "retry-after": httpDate(NOW - 10_000) }).retryAfter).toBe(0);
    expect(answer({ "retry-after": "soon" }).retryAfter).toBeNull();
  });
});
