import { describe, expect, it } from "vitest";
import type { AggregatedMetrics } from "@/lib/svc/schemas/set-analytics";
import { METRIC_LEXICON } from "@/lib/svc/schemas/kpi-lexicon";
import { metricsCsv } from "@/lib/metrics/metrics-csv";

const emptyRow = Object.fromEntries(METRIC_LEXICON.map((m) => [m, null])) as Record<
  (typeof METRIC_LEXICON)[number],
  number | null
>;

const metrics: AggregatedMetrics = {
  currency: "EUR",
  months: [
    { month: "2026-12", listing_count: 3, ...emptyRow, adr: 150, occupancy: 40, revpar: 60, revenue: 5400 },
    {
      month: "2026-10",
      listing_count: 3,
      ...emptyRow,
      adr: 120.5,
      occupancy: 70,
      revpar: 84.35,
      revenue: 7800,
    },
    { month: "2026-11", listing_count: 0, ...emptyRow },
  ],
};

describe("the monthly metrics as CSV", () => {
  it("exports every metric with the currency on monetary columns and an empty cell for no data", () => {
    const csv = metricsCsv(metrics, "2026-11-21").split("\r\n");
    expect(csv[0]).toContain("month,period,currency,listing_count,adr (EUR),asking_rate (EUR),revenue (EUR)");
    expect(csv[0]).toContain(",occupancy,");
    expect(csv[1]).toMatch(/^2026-12,forward,EUR,3,150,,5400,/);
    expect(csv[3]).toMatch(/^2026-11,in progress,EUR,0,,,,/);
  });
});
