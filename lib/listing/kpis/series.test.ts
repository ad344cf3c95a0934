import { describe, expect, it } from "vitest";
import {
  formatAxisValue,
  formatMetric,
  kpiSeries,
  metricTitle,
  nextPeriodKey,
  NOT_GENERATED,
  periodKeyOf,
  periodLabel,
  periodPhase,
  rankListings,
  rollingTable,
} from "./series";
import {
  KPI_METRICS,
  ROLLING_KPI_KEYS,
  type KpiMetric,
  type MonthlyKpis,
  type RollingKpis,
} from "../../svc/schemas/kpis";

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

describe("rolling table", () => {
  const rolling = {
    listing_id: "1000001",
    currency: "USD",
    ...Object.fromEntries(ROLLING_KPI_KEYS.map((key) => [key, key.length])),
    adr_30_0: 150,
    adr_0_30: null,
  } as RollingKpis;

  it("puts each window's past and next value side by side for each metric", () => {
    const rows = rollingTable(rolling, [7, 30], ["adr", "occupancy"]);
    expect(rows.map((r) => r.metric)).toEqual(["adr", "occupancy"]);
    expect(rows[0]!.cells).toEqual([
      { days: 7, past: "adr_7_0".length, next: "adr_0_7".length },
      { days: 30, past: 150, next: null },
    ]);
  });

  it("keeps a rolling value that is not generated as null", () => {
    const cell = rollingTable(rolling, [30], ["adr"])[0]!.cells[0]!;
    expect(cell.next).toBeNull();
  });
});

describe("portfolio ranking", () => {
  const listings = ["1", "2", "3", "4", "5"].map((svc_id) => ({ svc_id }));
  const rows = [
    { listing_id: "1", value: 10, currency: "USD" },
    { listing_id: "2", value: null, currency: "USD" },
    { listing_id: "3", value: 30, currency: "USD" },
    { listing_id: "4", value: 10, currency: "USD" },
  ];

  it("ranks highest first by default, ties by svc id, and leaves values not generated last without a rank", () => {
    const ranked = rankListings(listings, rows);
    expect(ranked.map((r) => [r.listing.svc_id, r.rank])).toEqual([
      ["3", 1],
      ["1", 2],
      ["4", 3],
      ["2", null],
    ]);
  });

  it("keeps values not generated last when ranking lowest first", () => {
    const ranked = rankListings(listings, rows, "asc");
    expect(ranked.map((r) => r.listing.svc_id)).toEqual(["1", "4", "3", "2"]);
    expect(ranked.at(-1)!.rank).toBeNull();
  });

  it("ranks only the listings shown that the answer names", () => {
    const ranked = rankListings([{ svc_id: "5" }, { svc_id: "3" }], rows);
    expect(ranked.map((r) => [r.listing.svc_id, r.rank])).toEqual([["3", 1]]);
  });
});
