import { usageQuery, usageReport } from "@/lib/svc/schemas/usage";
import { endpoint } from "@/lib/svc/endpoint";

export const usageEndpoints = {
  "usage.get": endpoint({
    group: "usage",
    method: "GET",
    path: "/usage",
    summary: "The caller's API traffic, errors and latency by day, endpoint and key (≤ 7 days)",
    query: usageQuery,
    response: usageReport,
  }),
} as const;
