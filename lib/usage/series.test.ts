import { describe, expect, it } from "vitest";
import { formatLatency } from "@/lib/format/durations";
import type { ApiKey } from "@/lib/svc/schemas/api-keys";
import type { UsageReport } from "@/lib/svc/schemas/usage";
import {
  endpointRows,
  errorRateSeries,
  formatPercent,
  keyLabel,
  latencySeries,
  outcomeSeries,
  percentAxis,
  percentOf,
  tokenRows,
} from "@/lib/usage/series";

type Day = UsageReport["by_day"][number];

function counters(requests: number, errors: number, rateLimited: number, p50: number | null = 40) {
  return {
    requests,
    errors,
    error_rate: requests ? Math.round((errors / requests) * 10_000) / 10_000 : 0,
    rate_limited: rateLimited,
    latency_ms:
      requests === 0 || p50 === null
        ? { p50: null, p95: null, p99: null }
        : { p50, p95: p50 * 3, p99: p50 * 5 },
  };
}

const day = (date: string, requests: number, errors: number, rateLimited: number): Day => ({
  date,
  ...counters(requests, errors, rateLimited),
});

const days: Day[] = [day("2026-03-10", 10, 4, 3), day("2026-03-11", 0, 0, 0), day("2026-03-12", 3, 1, 0)];

describe("outcome series", () => {
  it("splits each day into parts that add up to its requests", () => {
    for (const point of outcomeSeries(days)) {
      expect(point.succeeded + point.otherErrors + point.rateLimited).toBe(point.requests);
    }
  });

  it("never counts a 429 as a plain error", () => {
    const [first] = outcomeSeries(days);
    expect(first).toMatchObject({ succeeded: 6, otherErrors: 1, rateLimited: 3 });
    const onlyLimited = outcomeSeries([day("2026-03-10", 5, 5, 5)])[0]!;
    expect(onlyLimited).toMatchObject({ succeeded: 0, otherErrors: 0, rateLimited: 5 });
  });

  it("keeps days without requests as zero bars, labelled, in order", () => {
    const series = outcomeSeries(days);
    expect(series.map((p) => p.date)).toEqual(["2026-03-10", "2026-03-11", "2026-03-12"]);
    expect(series[1]).toEqual({
      date: "2026-03-11",
      label: "11 Mar",
      requests: 0,
      succeeded: 0,
      otherErrors: 0,
      rateLimited: 0,
    });
  });
});

describe("error rate series", () => {
  it("is a percent of requests, 429s included, with 429s also apart", () => {
    const [first, , third] = errorRateSeries(days);
    expect(first).toMatchObject({ errorRate: 40, rateLimitedRate: 30 });
    expect(third).toMatchObject({ errorRate: 33.33, rateLimitedRate: 0 });
  });

  it("leaves a gap, not a 0 %, on a day without requests", () => {
    expect(errorRateSeries(days)[1]).toMatchObject({ errorRate: null, rateLimitedRate: null });
    expect(percentOf(0, 0)).toBeNull();
    expect(percentOf(0, 4)).toBe(0);
  });
});

describe("percent axis", () => {
  it("reaches the highest rate with round ticks from 0", () => {
    const at = (errorRate: number | null) => [{ date: "d", label: "d", errorRate, rateLimitedRate: null }];
    expect(percentAxis(at(null))).toEqual({ top: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(percentAxis(at(14.1))).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(percentAxis(at(20))).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(percentAxis(at(100))).toEqual({ top: 100, ticks: [0, 20, 40, 60, 80, 100] });
  });
});

describe("latency series", () => {
  it("carries p50/p95/p99 per day", () => {
    expect(latencySeries(days)[0]).toMatchObject({ p50: 40, p95: 120, p99: 200 });
  });

  it("gives null, never 0, on days without requests", () => {
    expect(latencySeries(days)[1]).toMatchObject({ p50: null, p95: null, p99: null });
    // Even if a report carried numbers for an empty day, there is nothing to measure.
    const odd = { ...day("2026-03-11", 0, 0, 0), latency_ms: { p50: 0, p95: 0, p99: 0 } };
    expect(latencySeries([odd])[0]).toMatchObject({ p50: null, p95: null, p99: null });
  });
});

describe("endpoint rows", () => {
  const endpoints: UsageReport["by_endpoint"] = [
    { method: "GET", route: "/usage", ...counters(2, 0, 0) },
    { method: "PUT", route: "/listings/{listing_id}/tags", ...counters(5, 2, 1) },
    { method: "GET", route: "/listings/{listing_id}", ...counters(5, 1, 0) },
    { method: "GET", route: "/listings/{listing_id}/tags", ...counters(5, 0, 0) },
  ];

  it("is most requests first, ties in a stable route-then-method order", () => {
    const rows = endpointRows(endpoints);
    expect(rows.map((r) => r.id)).toEqual([
      "GET /listings/{listing_id}",
      "GET /listings/{listing_id}/tags",
      "PUT /listings/{listing_id}/tags",
      "GET /usage",
    ]);
    expect(endpointRows([...endpoints].reverse()).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it("keeps 429s apart from other errors and gives the error rate in percent", () => {
    const put = endpointRows(endpoints).find((r) => r.method === "PUT")!;
    expect(put).toMatchObject({ requests: 5, errors: 2, otherErrors: 1, rateLimited: 1, errorRate: 40 });
  });
});

describe("token rows", () => {
  const key = (token_id: string, name: string, last4: string, revoked = false): ApiKey => ({
    token_id,
    name,
    kind: "standard",
    last4,
    created_at: "2026-01-01T00:00:00Z",
    last_used_at: null,
    revoked_at: revoked ? "2026-02-01T00:00:00Z" : null,
  });
  const tokens: UsageReport["by_token"] = [
    { token_id: "tok_b", name: "Reporting", ...counters(4, 0, 0) },
    { token_id: "tok_c", name: "Old", ...counters(4, 4, 2) },
    { token_id: "tok_a", name: "Dashboard", ...counters(9, 1, 0) },
  ];

  it("names keys with their last four characters and marks revoked ones", () => {
    const rows = tokenRows(tokens, [key("tok_a", "Dashboard", "a1b2"), key("tok_c", "Old", "zz99", true)]);
    expect(rows.map((r) => [r.tokenId, keyLabel(r), r.revoked])).toEqual([
      ["tok_a", "Dashboard ••••a1b2", false],
      ["tok_c", "Old ••••zz99", true],
      ["tok_b", "Reporting", false],
    ]);
  });

  it("sorts most requests first, ties by name, whatever the input order", () => {
    const names = tokenRows(tokens).map((r) => r.name);
    expect(names).toEqual(["Dashboard", "Old", "Reporting"]);
    expect(tokenRows([...tokens].reverse()).map((r) => r.name)).toEqual(names);
  });

  it("counts a key's 429s apart from its other errors", () => {
    expect(tokenRows(tokens).find((r) => r.tokenId === "tok_c")).toMatchObject({
      errors: 4,
      otherErrors: 2,
      rateLimited: 2,
      errorRate: 100,
    });
  });
});

describe("formatting", () => {
  it("formats percents and milliseconds, a dash for nothing measured", () => {
    expect(formatPercent(null)).toBe("—");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(0.25)).toBe("0.25%");
    expect(formatPercent(33.33)).toBe("33.3%");
    // Latency comes from the one duration module, so the usage page and the deliveries agree.
    expect(formatLatency(null)).toBe("—");
    expect(formatLatency(3.456)).toBe("3.46 ms");
    expect(formatLatency(42.04)).toBe("42.0 ms");
    expect(formatLatency(1234.5)).toBe("1,235 ms");
  });
});
