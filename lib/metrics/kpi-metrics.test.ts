import { describe, expect, it } from "vitest";
import {
  appliesToPast,
  formatAxisValue,
  formatMetric,
  METRIC_DEFS,
  metricTitle,
  NOT_GENERATED,
} from "@/lib/metrics/kpi-metrics";
import { KPI_METRICS } from "@/lib/svc/schemas/kpi-lexicon";

describe("metric units", () => {
  it("reads money in the listing's currency, totals whole and per-night amounts in cents", () => {
    expect(formatMetric("revenue", 3088.86, "USD")).toBe("$3,089");
    expect(formatMetric("adr", 162.5, "EUR")).toBe("€162.50");
    expect(formatMetric("asking_rate", 99, "GBP")).toBe("£99.00");
  });

  it("reads occupancy as a percent, stays in nights and the booking window in days", () => {
    expect(formatMetric("occupancy", 61.3, "USD")).toBe("61.3%");
    expect(formatMetric("nights_percent_open", 0, "USD")).toBe("0.0%");
    expect(formatMetric("length_of_stay", 3.25, "USD")).toBe("3.3 nights");
    expect(formatMetric("booking_window", 24, "USD")).toBe("24.0 days");
    expect(formatMetric("nights_booked", 12, "USD")).toBe("12");
  });

  it("says a null value is not generated yet, for every metric", () => {
    for (const metric of KPI_METRICS) expect(formatMetric(metric, null, "USD")).toBe(NOT_GENERATED);
  });

  it("puts the currency in money titles and the unit in the others", () => {
    expect(metricTitle("adr", "EUR")).toBe("ADR (EUR)");
    expect(metricTitle("occupancy", "EUR")).toBe("Occupancy (%)");
    expect(metricTitle("booking_window", "EUR")).toBe("Booking window (days)");
  });

  it("shortens axis ticks with the unit", () => {
    expect(formatAxisValue("revenue", 12_000, "USD")).toBe("$12K");
    expect(formatAxisValue("occupancy", 40, "USD")).toBe("40%");
  });
});

describe("what a metric is called and where it applies", () => {
  it("names the share of open nights as a share, never as a count of nights", () => {
    expect(METRIC_DEFS.nights_percent_open).toMatchObject({ label: "Share of nights open", unit: "percent" });
    const counts = Object.values(METRIC_DEFS)
      .filter((d) => d.unit === "count")
      .map((d) => d.label);
    expect(counts).not.toContain(METRIC_DEFS.nights_percent_open.label);
  });

  it("the asking rate, the price of nights still for sale, has no past; every other metric has", () => {
    expect(appliesToPast("asking_rate")).toBe(false);
    for (const metric of KPI_METRICS.filter((m) => m !== "asking_rate"))
      expect(appliesToPast(metric)).toBe(true);
  });
});
