import { describe, expect, it } from "vitest";
import { formatCountdown, formatDuration, formatLatency, secondsUntil } from "@/lib/format/durations";

describe("durations", () => {
  it("seconds under a minute", () => {
    expect(formatDuration(1)).toBe("1 s");
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(59)).toBe("59 s");
  });

  it("minutes with their seconds, under an hour", () => {
    expect(formatDuration(60)).toBe("1 min");
    expect(formatDuration(185)).toBe("3 min 5 s");
    expect(formatDuration(250)).toBe("4 min 10 s");
    expect(formatDuration(3599)).toBe("59 min 59 s");
  });

  it("hours with their minutes, under a day: the issue's 12256 s reads 3 h 24 min", () => {
    expect(formatDuration(3600)).toBe("1 h");
    expect(formatDuration(3900)).toBe("1 h 5 min");
    expect(formatDuration(12_256)).toBe("3 h 24 min");
  });

  it("days with their hours", () => {
    expect(formatDuration(86_400)).toBe("1 d");
    expect(formatDuration(2 * 86_400 + 4 * 3600)).toBe("2 d 4 h");
    expect(formatDuration(30 * 86_400)).toBe("30 d");
  });

  it("rounds to the smallest unit shown, carrying into the larger one", () => {
    expect(formatDuration(44.6)).toBe("45 s");
    expect(formatDuration(59.6)).toBe("1 min");
    expect(formatDuration(3 * 3600 + 24 * 60 + 31)).toBe("3 h 25 min");
    expect(formatDuration(3600 - 0.4)).toBe("1 h");
    expect(formatDuration(86_400 - 15)).toBe("1 d");
    expect(formatDuration(86_400 + 3 * 3600 + 1799)).toBe("1 d 3 h");
    expect(formatDuration(86_400 + 23 * 3600 + 1800)).toBe("2 d");
  });

  it("zero, negative and NaN inputs: no wait is 0 s, an unknown one a dash", () => {
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(-5)).toBe("0 s");
    expect(formatDuration(Number.NaN)).toBe("—");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("countdowns", () => {
  it("count whole seconds up, so that 0 comes only when the wait is over", () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
    expect(secondsUntil(Number.NaN, 10_000)).toBe(0);
  });

  it("read as a duration, never a raw count of seconds", () => {
    const now = Date.parse("2026-11-25T20:35:44Z");
    expect(formatCountdown(now + 12_256_000, now)).toBe("in 3 h 24 min");
    expect(formatCountdown(now + 42_000, now)).toBe("in 42 s");
    expect(formatCountdown(now - 1, now)).toBe("now");
  });
});

describe("latency", () => {
  it("stays in ms at a precision that suits its size", () => {
    expect(formatLatency(0.853)).toBe("0.85 ms");
    expect(formatLatency(3.456)).toBe("3.46 ms");
    expect(formatLatency(42.04)).toBe("42.0 ms");
    expect(formatLatency(42)).toBe("42 ms");
    expect(formatLatency(245)).toBe("245 ms");
    expect(formatLatency(1234.5)).toBe("1,235 ms");
    expect(formatLatency(15_000)).toBe("15,000 ms");
  });

  it("nothing measured is a dash", () => {
    expect(formatLatency(null)).toBe("—");
    expect(formatLatency(Number.NaN)).toBe("—");
  });
});
