import { describe, expect, it } from "vitest";
import type { SeriesPoint } from "@/lib/svc/schemas/set-analytics";
import {
  answersHaveValues,
  currentPeriodLabel,
  marketBand,
  marketPeriodLabel,
  overlayRows,
} from "@/lib/market/series";

const point = (date: string, p50: number | null, spread = 10): SeriesPoint => ({
  date,
  value: p50 === null ? null : p50 + 1,
  p25: p50 === null ? null : p50 - spread,
  p50,
  p75: p50 === null ? null : p50 + spread,
});

describe("a market time series becomes band points", () => {
  it("keeps p25–p75 as the band, the median, and the mean, with the year in every label", () => {
    const band = marketBand({ points: [point("2025-12-01", 200), point("2026-01-01", 210)] }, "month");
    expect(band.map((p) => p.label)).toEqual(["Dec 2025", "Jan 2026"]);
    expect(band[0]).toMatchObject({ band: [190, 210], p25: 190, p50: 200, p75: 210, mean: 201 });
  });

  it("keeps a period without data as a gap, never 0", () => {
    const [gap] = marketBand({ points: [point("2025-07-01", null)] }, "month");
    expect(gap).toMatchObject({ band: null, p50: null, mean: null });
  });

  it("labels days and weeks with their year, since a range can cross one", () => {
    expect(marketPeriodLabel("2025-11-03", "day")).toBe("3 Nov 2025");
    expect(marketPeriodLabel("2025-11-03", "week")).toBe("Week of 3 Nov 2025");
    expect(marketPeriodLabel("2026-11-01", "month")).toBe("Nov 2026");
  });
});

describe("several bedroom groups are laid over one time axis", () => {
  const two = marketBand({ points: [point("2026-01-01", 100), point("2026-02-01", 110)] }, "month");
  const three = marketBand({ points: [point("2026-02-01", 150), point("2026-03-01", 160)] }, "month");

  it("holds every period any series has, oldest first, each series in its own slot", () => {
    const rows = overlayRows([two, three]);
    expect(rows.map((r) => r.label)).toEqual(["Jan 2026", "Feb 2026", "Mar 2026"]);
    expect(rows.map((r) => r.values.map((v) => v?.p50 ?? null))).toEqual([
      [100, null],
      [110, 150],
      [null, 160],
    ]);
  });

  it("says when no answer has a figure to draw", () => {
    expect(
      answersHaveValues([{ points: [point("2026-01-01", null)] }, { points: [point("2026-02-01", 90)] }]),
    ).toBe(true);
    expect(answersHaveValues([{ points: [point("2026-01-01", null)] }, { points: [] }])).toBe(false);
    expect(answersHaveValues([])).toBe(false);
  });
});

describe("the chart's Today line", () => {
  const months = overlayRows([
    marketBand({ points: ["2026-10-01", "2026-11-01", "2026-12-01"].map((d) => point(d, 100)) }, "month"),
  ]);

  it("falls on the period holding today", () => {
    expect(currentPeriodLabel(months, "2026-11-25")).toBe("Nov 2026");
    expect(currentPeriodLabel(months, "2026-12-01")).toBe("Dec 2026");
  });

  it("is left out when the range lies wholly before or after today", () => {
    expect(currentPeriodLabel(months, "2026-09-30")).toBeNull();
    expect(currentPeriodLabel(months, "2027-02-15")).toBeNull();
  });
});
