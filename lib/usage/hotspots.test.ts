import { describe, expect, it } from "vitest";
import type { UsageReport } from "@/lib/svc/schemas/usage";
import { rateLimitHotspots } from "@/lib/usage/hotspots";

const counters = (requests: number, rateLimited: number) => ({
  requests,
  errors: rateLimited,
  error_rate: requests ? rateLimited / requests : 0,
  rate_limited: rateLimited,
  latency_ms: { p50: 40, p95: 90, p99: 120 },
});

const endpoint = (method: "GET" | "PUT", route: string, requests: number, rateLimited: number) => ({
  method,
  route,
  ...counters(requests, rateLimited),
});

const day = (date: string, rateLimited: number) => ({ date, ...counters(100, rateLimited) });

describe("rateLimitHotspots", () => {
  it("names the endpoint with the most 429s, not the busiest one, with its share of all 429s", () => {
    const report: Pick<UsageReport, "by_endpoint" | "by_day"> = {
      by_endpoint: [
        endpoint("GET", "/listings", 900, 2),
        endpoint("GET", "/listings/{listing_id}/kpis/monthly", 300, 6),
        endpoint("PUT", "/preferences/{listing_id}", 50, 0),
      ],
      by_day: [day("2026-11-18", 0), day("2026-11-19", 7), day("2026-11-20", 1)],
    };
    expect(rateLimitHotspots(report)).toEqual({
      endpoint: { method: "GET", route: "/listings/{listing_id}/kpis/monthly", count: 6, share: 0.75 },
      day: { date: "2026-11-19", count: 7 },
    });
  });

  it("breaks ties by route, then method, and by the earlier day, whatever the input order", () => {
    const report = {
      by_endpoint: [endpoint("GET", "/sets", 10, 3), endpoint("GET", "/listings", 10, 3)],
      by_day: [day("2026-11-20", 3), day("2026-11-19", 3)],
    };
    const hotspots = rateLimitHotspots(report);
    expect(hotspots.endpoint?.route).toBe("/listings");
    expect(hotspots.day?.date).toBe("2026-11-19");
  });

  it("has no hotspot when nothing was rate limited", () => {
    const report = { by_endpoint: [endpoint("GET", "/listings", 10, 0)], by_day: [day("2026-11-19", 0)] };
    expect(rateLimitHotspots(report)).toEqual({ endpoint: null, day: null });
  });
});
