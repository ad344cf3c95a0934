import { describe, it, expect } from "vitest";
import {
  KPI_METRICS,
  KPI_WINDOWS,
  ROLLING_KPI_KEYS,
  monthlyKpis,
  portfolioKpisQuery,
  quarterlyKpis,
  rollingKpis,
  yearlyKpis,
} from "@/lib/svc/schemas/kpis";
import { accepts, issuePaths, without } from "@/lib/svc/contract-test-support";

describe("KPIs", () => {
  const allNull = Object.fromEntries(ROLLING_KPI_KEYS.map((key) => [key, null]));

  it("rolling KPIs have every lexicon metric for every period in both directions", () => {
    expect(KPI_WINDOWS).toHaveLength(16);
    expect(ROLLING_KPI_KEYS).toHaveLength(KPI_METRICS.length * 16);
    for (const metric of KPI_METRICS) {
      for (const days of [7, 14, 21, 30, 60, 90, 180, 365]) {
        expect(rollingKpis.shape).toHaveProperty(`${metric}_${days}_0`);
        expect(rollingKpis.shape).toHaveProperty(`${metric}_0_${days}`);
      }
    }
    expect(rollingKpis.shape).toHaveProperty("adr_30_0");
    expect(rollingKpis.shape).toHaveProperty("occupancy_adjusted_0_90");
  });

  it("rolling KPI values are null until generated, and every key is present", () => {
    const full: Record<string, unknown> = { listing_id: "L1", currency: "USD", ...allNull, adr_30_0: 152.5 };
    expect(accepts(rollingKpis, full)).toBe(true);
    const missing = { ...full };
    delete missing.booking_window_0_365;
    expect(issuePaths(rollingKpis, missing)).toEqual(["booking_window_0_365"]);
    expect(accepts(rollingKpis, { ...full, revenue_7_0: "12" })).toBe(false);
  });

  it("GET /listings/kpis metric must be a lexicon name", () => {
    expect(accepts(portfolioKpisQuery, { metric: "occupancy_adjusted" })).toBe(true);
    expect(accepts(portfolioKpisQuery, { metric: "revenue_score" })).toBe(false);
    expect(issuePaths(portfolioKpisQuery, {})).toContain("metric");
  });

  it("GET /listings/kpis window is a period suffix in one direction", () => {
    for (const window of ["30_0", "0_30", "365_0", "0_7"]) {
      expect(accepts(portfolioKpisQuery, { metric: "adr", window }), window).toBe(true);
    }
    for (const window of ["30_30", "45_0", "0_0", "30", "_30"]) {
      expect(accepts(portfolioKpisQuery, { metric: "adr", window }), window).toBe(false);
    }
  });

  it("GET /listings/kpis order is asc or desc", () => {
    expect(accepts(portfolioKpisQuery, { metric: "adr", order: "asc" })).toBe(true);
    expect(accepts(portfolioKpisQuery, { metric: "adr", order: "up" })).toBe(false);
  });

  it("monthly, quarterly and yearly rows are keyed YYYY-MM, YYYY-Qn, YYYY and carry every lexicon metric", () => {
    const metrics = Object.fromEntries(KPI_METRICS.map((m) => [m, null]));
    const wrap = (key: string, rows: unknown[]) => ({ listing_id: "L1", currency: "USD", [key]: rows });
    expect(accepts(monthlyKpis, wrap("months", [{ month: "2026-08", ...metrics }]))).toBe(true);
    expect(accepts(monthlyKpis, wrap("months", [{ month: "2026-8", ...metrics }]))).toBe(false);
    expect(accepts(quarterlyKpis, wrap("quarters", [{ quarter: "2026-Q3", ...metrics }]))).toBe(true);
    expect(accepts(quarterlyKpis, wrap("quarters", [{ quarter: "2026-Q5", ...metrics }]))).toBe(false);
    expect(accepts(yearlyKpis, wrap("years", [{ year: "2026", ...metrics }]))).toBe(true);
    expect(accepts(yearlyKpis, wrap("years", [{ year: 2026, ...metrics }]))).toBe(false);
    const withoutOpen = without(metrics, "nights_percent_open");
    expect(accepts(monthlyKpis, wrap("months", [{ month: "2026-08", ...withoutOpen }]))).toBe(false);
  });
});
