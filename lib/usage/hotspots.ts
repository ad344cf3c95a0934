import type { UsageReport } from "@/lib/svc/schemas/usage";

/**
 * Where a window's 429s went: the endpoint and the day with the most, so the usage page answers
 * "which endpoint has the most 429s this week?" in a sentence. Ties go to the endpoint with the
 * smaller route (then method) and to the earlier day, so the answer never depends on input order.
 */
export interface RateLimitHotspots {
  endpoint: { method: string; route: string; count: number; share: number } | null;
  day: { date: string; count: number } | null;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function rateLimitHotspots(report: Pick<UsageReport, "by_endpoint" | "by_day">): RateLimitHotspots {
  const endpoints = report.by_endpoint
    .filter((e) => e.rate_limited > 0)
    .sort(
      (a, b) => b.rate_limited - a.rate_limited || compare(a.route, b.route) || compare(a.method, b.method),
    );
  const total = report.by_endpoint.reduce((sum, e) => sum + e.rate_limited, 0);
  const top = endpoints[0];
  const day = report.by_day
    .filter((d) => d.rate_limited > 0)
    .reduce<UsageReport["by_day"][number] | null>(
      (best, d) =>
        best === null ||
        d.rate_limited > best.rate_limited ||
        (d.rate_limited === best.rate_limited && d.date < best.date)
          ? d
          : best,
      null,
    );
  return {
    endpoint: top
      ? { method: top.method, route: top.route, count: top.rate_limited, share: top.rate_limited / total }
      : null,
    day: day ? { date: day.date, count: day.rate_limited } : null,
  };
}
