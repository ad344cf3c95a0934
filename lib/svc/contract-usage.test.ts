import { describe, expect, it } from "vitest";
import { usageQuery, usageReport } from "@/lib/svc/schemas/usage";
import { ok } from "@/lib/svc/contract-test-support";

const counters = (requests: number, errors: number, rate_limited: number) => ({
  requests,
  errors,
  error_rate: requests ? errors / requests : 0,
  rate_limited,
  latency_ms: { p50: 40, p95: 120, p99: 300 },
});

describe("usage", () => {
  const issueCode = (value: unknown) =>
    usageQuery.safeParse(value).error?.issues.map((i) => (i as { params?: { code?: string } }).params?.code);

  it("days_back is an integer 1..7", () => {
    expect(usageQuery.parse({ days_back: "3" }).days_back).toBe(3);
    expect(ok(usageQuery, { days_back: "0" })).toBe(false);
    expect(ok(usageQuery, { days_back: "8" })).toBe(false);
    expect(ok(usageQuery, { days_back: "2.5" })).toBe(false);
  });

  it("usage rejects days_back together with start_time", () => {
    expect(
      ok(usageQuery, {
        days_back: "2",
        start_time: "2026-11-01T00:00:00Z",
        end_time: "2026-11-02T00:00:00Z",
      }),
    ).toBe(false);
    expect(ok(usageQuery, { days_back: "2", end_time: "2026-11-02T00:00:00Z" })).toBe(false);
  });

  it("usage rejects start_time without end_time and end_time without start_time", () => {
    expect(ok(usageQuery, { start_time: "2026-11-01T00:00:00Z" })).toBe(false);
    expect(ok(usageQuery, { end_time: "2026-11-01T00:00:00Z" })).toBe(false);
    expect(ok(usageQuery, { start_time: "2026-11-02T00:00:00Z", end_time: "2026-11-01T00:00:00Z" })).toBe(
      false,
    );
  });

  it("usage window longer than 7 days is rejected as window_too_long", () => {
    expect(ok(usageQuery, { start_time: "2026-11-01T00:00:00Z", end_time: "2026-11-08T00:00:00Z" })).toBe(
      true,
    );
    expect(issueCode({ start_time: "2026-11-01T00:00:00Z", end_time: "2026-11-08T00:00:01Z" })).toEqual([
      "window_too_long",
    ]);
  });

  it("report counters: 429s count as errors and errors never exceed requests", () => {
    const report = {
      window: { start: "2026-11-14T09:00:00Z", end: "2026-11-21T09:00:00Z", truncated: true },
      generated_at: "2026-11-21T09:00:01Z",
      token_id: null,
      totals: counters(100, 10, 3),
      by_day: [{ date: "2026-11-21", ...counters(100, 10, 3) }],
      by_endpoint: [{ method: "GET", route: "/listings/{listing_id}/kpis", ...counters(100, 10, 3) }],
      by_token: [{ token_id: "tok_1", name: "CI", ...counters(100, 10, 3) }],
    };
    expect(ok(usageReport, report)).toBe(true);
    expect(ok(usageReport, { ...report, totals: counters(100, 3, 10) })).toBe(false);
    expect(ok(usageReport, { ...report, by_day: [{ date: "2026-11-21", ...counters(5, 6, 0) }] })).toBe(
      false,
    );
    const { start, end } = report.window; // without truncated
    expect(ok(usageReport, { ...report, window: { start, end } })).toBe(false);
  });
});
