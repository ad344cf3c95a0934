import { describe, expect, it } from "vitest";
import { minutesLeft, paceVerdict, requestsPerMinute, retryAfter429 } from "@/lib/server/mirror/pace";

const NOW = 1_800_000_000_000;
const reading = (remaining: number, limit = 120, resetInMs = 40_000) => ({
  limit,
  remaining,
  resetAt: NOW + resetInMs,
  seenAt: NOW - 10,
});

describe("pacing by the service's X-RateLimit headers", () => {
  it("spreads a 30 % share of 120 a minute as one request every 1.67 s", () => {
    expect(requestsPerMinute(0.3, 120)).toBe(36);
    expect(paceVerdict({ reading: reading(119), share: 0.3, lastSentAt: NOW - 1000, now: NOW })).toEqual({
      send: false,
      until: NOW - 1000 + 60_000 / 36,
      reason: "spread",
    });
    expect(paceVerdict({ reading: reading(119), share: 0.3, lastSentAt: NOW - 1700, now: NOW })).toEqual({
      send: true,
    });
  });

  it("never takes the minute's remaining budget below the pages' part: waits for the window's reset", () => {
    // 30 % of 120 is 36: the sync sends while more than 84 remain, then waits.
    expect(paceVerdict({ reading: reading(85), share: 0.3, lastSentAt: null, now: NOW })).toEqual({
      send: true,
    });
    expect(paceVerdict({ reading: reading(84), share: 0.3, lastSentAt: null, now: NOW })).toEqual({
      send: false,
      until: NOW + 40_000,
      reason: "budget",
    });
    // At 80 % the floor is 24 remaining.
    expect(paceVerdict({ reading: reading(30), share: 0.8, lastSentAt: null, now: NOW }).send).toBe(true);
    expect(paceVerdict({ reading: reading(24), share: 0.8, lastSentAt: null, now: NOW }).send).toBe(false);
  });

  it("a reading from a window that has reset since does not hold the sync back", () => {
    expect(paceVerdict({ reading: reading(0, 120, -1), share: 0.3, lastSentAt: null, now: NOW })).toEqual({
      send: true,
    });
  });

  it("a service that sends no limit header is read at the share of a modest 60 a minute", () => {
    const none = { limit: null, remaining: null, resetAt: null, seenAt: NOW };
    expect(paceVerdict({ reading: none, share: 0.3, lastSentAt: NOW - 3000, now: NOW })).toMatchObject({
      send: false,
    });
    expect(paceVerdict({ reading: none, share: 0.3, lastSentAt: NOW - 3400, now: NOW })).toEqual({
      send: true,
    });
    expect(paceVerdict({ reading: null, share: 0.3, lastSentAt: null, now: NOW })).toEqual({ send: true });
  });

  it("a 429 stops the sync until its Retry-After, else for a whole window", () => {
    expect(retryAfter429(12, NOW)).toBe(NOW + 12_000);
    expect(retryAfter429(null, NOW)).toBe(NOW + 60_000);
  });

  it("time left at the current pace", () => {
    expect(minutesLeft(72, 0.3, 120)).toBe(2);
    expect(minutesLeft(0, 0.3, 120)).toBeNull();
  });
});
