import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import { retryDelay, shouldRetry } from "@/lib/queries/retry";

const error = (status: number, retryAfter: number | null = null) =>
  new SvcError({
    status,
    code: "x",
    message: "x",
    rateLimit: { limit: 30, remaining: 0, resetAt: null, retryAfter, skewMs: null },
  });

describe("retries spend the rate budget only when the service asks", () => {
  it("a 429 is retried once, after its Retry-After", () => {
    expect(shouldRetry(0, error(429, 7))).toBe(true);
    expect(shouldRetry(1, error(429, 7))).toBe(false);
    expect(retryDelay(0, error(429, 7))).toBe(7000);
  });

  it("a 429 without Retry-After waits a whole minute window", () => {
    expect(retryDelay(0, error(429))).toBe(60_000);
  });

  it("a 429's wait never exceeds the window: an hour's Retry-After retries after a minute", () => {
    expect(retryDelay(0, error(429, 3600))).toBe(60_000);
  });

  it("a 409 (retry after the running write completes) is retried up to twice", () => {
    expect(shouldRetry(0, error(409))).toBe(true);
    expect(shouldRetry(1, error(409))).toBe(true);
    expect(shouldRetry(2, error(409))).toBe(false);
  });

  it("nothing else is retried: not a 500, a 502, a 404 or a plain error", () => {
    for (const status of [400, 401, 403, 404, 500, 502]) expect(shouldRetry(0, error(status))).toBe(false);
    expect(shouldRetry(0, new Error("network"))).toBe(false);
  });
});
