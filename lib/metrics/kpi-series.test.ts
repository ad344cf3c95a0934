import { describe, expect, it } from "vitest";
import { kpiSeries, nextPeriodKey, periodKeyOf, periodLabel, periodPhase } from "@/lib/metrics/kpi-series";
import type { MonthlyKpis } from "@/lib/svc/schemas/kpis";
import { KPI_METRICS, type KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";

const TODAY = "2026-11-21";

/** Every lexicon metric set to `value`. */
function metrics(value: number | null): Record<KpiMetric, number | null> {
  return Object.fromEntries(KPI_METRICS.map((m) => [m, value])) as Record<KpiMetric, number | null>;
}

/** `count` consecutive month keys starting `back` months before today's month. */
function monthKeys(back: number, count: number): string[] {
  let key = periodKeyOf(TODAY, "monthly");
  for (let i = 0; i < back; i += 1) {
    const [y, m] = key.split("-").map(Number) as [number, number];
    key = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
  }
  const keys: string[] = [];
  for (let i = 0; i < count; i += 1, key = nextPeriodKey(key, "monthly")) keys.push(key);
  return keys;
}

function monthly(
  keys: string[],
  valueOf: (key: string, i: number) => number | null = (_, i) => i + 1,
): MonthlyKpis {
  return {
    listing_id: "1000001",
    currency: "EUR",
    months: keys.map((month, i) => ({ month, ...metrics(valueOf(month, i)) })),
  };
}

describe("monthly series", () => {
  it("has 15 past points, the current month and 12 forward points, oldest first", () => {
    const keys = monthKeys(15, 15 + 1 + 12);
    const series = kpiSeries(monthly(keys), "monthly", "adr", TODAY);
    expect(series.map((p) => p.period)).toEqual(keys);
    expect(series.filter((p) => p.phase === "past")).toHaveLength(15);
    expect(series.filter((p) => p.phase === "current").map((p) => p.period)).toEqual(["2026-11"]);
    expect(series.filter((p) => p.phase === "forward")).toHaveLength(12);
    // Forward points all come after every past point.
    const lastPast = series.findLastIndex((p) => p.phase === "past");
    const firstForward = series.findIndex((p) => p.phase === "forward");
    expect(firstForward).toBeGreaterThan(lastPast);
  });

  it("marks the asking rate of past months as not applying, whatever the service sent; current and forward ones keep theirs", () => {
    const keys = monthKeys(2, 5);
    const series = kpiSeries(
      monthly(keys, () => 150),
      "monthly",
      "asking_rate",
      TODAY,
    );
    const past = series.filter((p) => p.phase === "past");
    expect(past).toHaveLength(2);
    for (const point of past) expect(point).toMatchObject({ value: null, notApplicable: true });
    for (const point of series.filter((p) => p.phase !== "past")) {
      expect(point.value).toBe(150);
      expect(point.notApplicable).toBeUndefined();
    }
    // Every other metric keeps its past figures.
    expect(
      kpiSeries(
        monthly(keys, () => 150),
        "monthly",
        "adr",
        TODAY,
      )[0]!.value,
    ).toBe(150);
  });

  it("keeps a null metric null, never 0", () => {
    const keys = monthKeys(2, 5);
    const series = kpiSeries(
      monthly(keys, (key) => (key === "2026-12" ? null : 10)),
      "monthly",
      "occupancy",
      TODAY,
    );
    const december = series.find((p) => p.period === "2026-12")!;
    expect(december.value).toBeNull();
    expect(series.filter((p) => p.value === 0)).toHaveLength(0);
  });

  it("keeps a real zero as 0, apart from a value not generated", () => {
    const series = kpiSeries(
      monthly(monthKeys(0, 2), () => 0),
      "monthly",
      "revenue",
      TODAY,
    );
    expect(series.map((p) => p.value)).toEqual([0, 0]);
  });

  it("fills a month missing between two answered months with a null point", () => {
    const keys = monthKeys(3, 4).filter((_, i) => i !== 1);
    const series = kpiSeries(monthly(keys), "monthly", "adr", TODAY);
    expect(series).toHaveLength(4);
    expect(series[1]!.value).toBeNull();
    expect(series[1]!.period).toBe(nextPeriodKey(keys[0]!, "monthly"));
  });

  it("invents no periods before the first or after the last answered one", () => {
    const keys = monthKeys(1, 3);
    expect(kpiSeries(monthly(keys), "monthly", "adr", TODAY).map((p) => p.period)).toEqual(keys);
    expect(kpiSeries(monthly([]), "monthly", "adr", TODAY)).toEqual([]);
  });

  it("reads rows given out of order in time order", () => {
    const keys = monthKeys(1, 3);
    const answer = monthly(keys);
    answer.months.reverse();
    expect(kpiSeries(answer, "monthly", "adr", TODAY).map((p) => p.period)).toEqual(keys);
  });
});

describe("quarters and years", () => {
  it("flags quarters before today's as past and after it as forward", () => {
    expect(periodKeyOf(TODAY, "quarterly")).toBe("2026-Q4");
    expect(periodPhase("2026-Q3", "quarterly", TODAY)).toBe("past");
    expect(periodPhase("2026-Q4", "quarterly", TODAY)).toBe("current");
    expect(periodPhase("2027-Q1", "quarterly", TODAY)).toBe("forward");
    expect(nextPeriodKey("2026-Q4", "quarterly")).toBe("2027-Q1");
  });

  it("reads a yearly answer with the year as its period", () => {
    const answer = {
      listing_id: "1",
      currency: "USD",
      years: ["2025", "2026", "2027"].map((year) => ({ year, ...metrics(5) })),
    };
    const series = kpiSeries(answer, "yearly", "revenue", TODAY);
    expect(series.map((p) => [p.label, p.phase])).toEqual([
      ["2025", "past"],
      ["2026", "current"],
      ["2027", "forward"],
    ]);
  });

  it("labels periods in words", () => {
    expect(periodLabel("2026-01", "monthly")).toBe("Jan 2026");
    expect(periodLabel("2026-Q2", "quarterly")).toBe("Q2 2026");
    expect(nextPeriodKey("2026-12", "monthly")).toBe("2027-01");
  });
});
