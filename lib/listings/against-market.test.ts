import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/format/dates";
import {
  AGAINST_MARKET_MISSING,
  againstMarket,
  marketOccupancyOf,
  occupancyByWindow,
  windowNights,
  type MarketOccupancy,
} from "@/lib/listings/against-market";

const TODAY = "2026-11-29";

/** A market time series as GET /market_report/{id}/time_series answers it, one value a night. */
function series(from: string, values: Array<number | null>, bedrooms: string | null = null) {
  return {
    market_id: "mkt_1",
    bedrooms,
    metric: "occupancy",
    currency: "USD",
    points: values.map((value, i) => ({ date: addDays(from, i), value, p25: null, p50: null, p75: null })),
  };
}

const week = (value: number) => Array.from({ length: 7 }, () => value);

describe("a KPI window's nights", () => {
  it("are the days before today for a window back, today on for a window ahead", () => {
    expect(windowNights("30_0", TODAY)).toEqual({ from: "2026-10-30", to: TODAY });
    expect(windowNights("0_7", TODAY)).toEqual({ from: TODAY, to: "2026-12-06" });
  });
});

describe("the market's occupancy per KPI window", () => {
  it("is the mean of the nights of the window the series reports", () => {
    // 7 nights back at 50%, 7 nights ahead at 80%, with one unreported night ahead.
    const body = series(addDays(TODAY, -7), [50, 50, 50, 50, 50, 50, 50, 80, 80, null, 80, 80, 80, 80]);
    const windows = occupancyByWindow(body, TODAY);
    expect(windows["7_0"]).toBe(50);
    expect(windows["0_7"]).toBe(80);
  });

  it("is null for a window the series covers only in part: a mean of part is not the window's", () => {
    const body = series(addDays(TODAY, -7), [50, 50, 50, 50, 50, 50, 50, 80, 80, 80, 80, 80, 80, 80]);
    const windows = occupancyByWindow(body, TODAY);
    expect(windows["14_0"]).toBeNull();
    expect(windows["0_14"]).toBeNull();
  });

  it("is null for a window the series does not reach, and for a series that cannot be read", () => {
    const body = series(TODAY, [70, 70]);
    expect(occupancyByWindow(body, TODAY)["30_0"]).toBeNull();
    expect(occupancyByWindow({ points: "no" }, TODAY)["0_7"]).toBeNull();
  });

  it("reads the mirror's occupancy series of a market by group, leaving ADR aside", () => {
    const read = marketOccupancyOf(
      "mkt_1",
      [
        { key: "all:occupancy", body: series(TODAY, week(60)), readAt: "2026-11-29T08:00:00Z" },
        { key: "all:adr", body: series(TODAY, week(150)), readAt: "2026-11-29T08:00:00Z" },
        { key: "2:occupancy", body: series(TODAY, week(72), "2"), readAt: "2026-11-29T08:00:00Z" },
      ],
      TODAY,
    );
    expect(read.map((m) => m.group)).toEqual(["all", "2"]);
    expect(read[1]!.windows["0_7"]).toBe(72);
  });
});

describe("a listing against its market", () => {
  const markets: MarketOccupancy[] = [
    { market_id: "mkt_1", group: "all", read_at: "x", windows: { "30_0": 60, "0_30": null } },
    { market_id: "mkt_1", group: "2", read_at: "x", windows: { "30_0": 70 } },
    { market_id: "mkt_1", group: "6+", read_at: "x", windows: { "30_0": 40 } },
  ];

  it("compares with the listing's own bedroom group where the mirror holds it", () => {
    expect(againstMarket({ market_id: "mkt_1", bedrooms: 2 }, 75.5, "30_0", markets)).toEqual({
      state: "shown",
      listing: 75.5,
      market: 70,
      difference: 5.5,
      group: "2",
    });
    // Seven bedrooms fall in the market's open-ended 6+ group.
    expect(againstMarket({ market_id: "mkt_1", bedrooms: 7 }, 30, "30_0", markets)).toMatchObject({
      market: 40,
      difference: -10,
      group: "6+",
    });
  });

  it("compares with the whole market otherwise", () => {
    expect(againstMarket({ market_id: "mkt_1", bedrooms: 3 }, 61, "30_0", markets)).toMatchObject({
      market: 60,
      group: "all",
    });
  });

  it("invents nothing: says why when either figure is missing", () => {
    expect(againstMarket({ market_id: "mkt_9", bedrooms: 2 }, 50, "30_0", markets)).toEqual({
      state: "market_not_read",
    });
    expect(againstMarket({ market_id: "mkt_1", bedrooms: 3 }, 50, "0_30", markets)).toEqual({
      state: "no_market_nights",
    });
    expect(againstMarket({ market_id: "mkt_1", bedrooms: 2 }, null, "30_0", markets)).toEqual({
      state: "no_listing_figure",
    });
    for (const words of Object.values(AGAINST_MARKET_MISSING)) expect(words).toMatch(/\.$/);
  });
});
