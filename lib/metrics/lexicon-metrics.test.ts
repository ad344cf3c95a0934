import { describe, expect, it } from "vitest";
import { formatMetric, metricTitle, NO_DATA } from "@/lib/metrics/lexicon-metrics";

describe("values read with their unit", () => {
  it("shows money in the set's currency", () => {
    expect(formatMetric("adr", 243.5, "USD")).toBe("$243.50");
    expect(formatMetric("revenue", 8075.39, "EUR")).toBe("€8,075");
  });

  it("shows percentages and nights with their words", () => {
    expect(formatMetric("occupancy", 75.8, "USD")).toBe("75.8 %");
    expect(formatMetric("nights_booked", 12, "USD")).toBe("12 nights");
  });

  it("never shows a null as 0", () => {
    expect(formatMetric("adr", null, "USD")).toBe(NO_DATA);
    expect(formatMetric("occupancy", 0, "USD")).toBe("0 %");
  });

  it("puts the currency in money titles and the unit in others", () => {
    expect(metricTitle("revpar", "GBP")).toBe("RevPAR (GBP)");
    expect(metricTitle("occupancy", "GBP")).toBe("Occupancy (%)");
  });
});
