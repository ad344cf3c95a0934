import { describe, expect, it } from "vitest";
import { marketOverlay, soleMarket, type StoredSeries } from "@/lib/pace/market-overlay";
import { pacePeriods } from "@/lib/pace/table";

const READ_AT = "2026-11-29T06:00:00.000Z";
const LISBON = { id: "mkt_lisbon", name: "Lisbon" };
const point = (date: string, value: number | null) => ({ date, value, p25: null, p50: value, p75: null });
const series = (key: string, points: unknown[], currency = "EUR"): StoredSeries => ({
  key,
  readAt: READ_AT,
  body: { market_id: LISBON.id, bedrooms: null, metric: key.split(":")[1], currency, points },
});
const DECEMBER = pacePeriods("month", "2026-12-01").slice(0, 1);

describe("the market overlay", () => {
  it("is of the one market the listings in view share, and says why not otherwise", () => {
    expect(
      soleMarket([
        { marketId: "mkt_lisbon", bedrooms: 2 },
        { marketId: null, bedrooms: 1 },
      ]),
    ).toBe("mkt_lisbon");
    expect(
      soleMarket([
        { marketId: "mkt_lisbon", bedrooms: 2 },
        { marketId: "mkt_porto", bedrooms: 2 },
      ]),
    ).toEqual({
      state: "several_markets",
    });
    expect(soleMarket([{ marketId: null, bedrooms: 2 }])).toEqual({ state: "no_market" });
    expect(soleMarket([])).toEqual({ state: "no_market" });
  });

  it("occupancy is the mean of the nights the market reports; ADR is weighted by each night's occupancy", () => {
    const overlay = marketOverlay([{ marketId: LISBON.id, bedrooms: null }], DECEMBER, LISBON, [
      series("all:occupancy", [point("2026-12-01", 80), point("2026-12-02", 20), point("2026-12-03", null)]),
      series("all:adr", [point("2026-12-01", 100), point("2026-12-02", 200), point("2026-12-03", 999)]),
    ]);
    expect(overlay.state).toBe("shown");
    if (overlay.state !== "shown") return;
    expect(overlay.periods).toEqual([{ period: "2026-12", occupancy: 50, adr: 120 }]);
    expect(overlay).toMatchObject({
      market_name: "Lisbon",
      bedrooms: null,
      currency: "EUR",
      read_at: READ_AT,
    });
  });

  it("takes the bedroom group every listing in view falls in, the open-ended one above the market's last", () => {
    const stored = [
      series("all:occupancy", [point("2026-12-01", 10)]),
      series("2:occupancy", [point("2026-12-01", 20)]),
      series("6+:occupancy", [point("2026-12-01", 60)]),
    ];
    const occupancyFor = (bedrooms: Array<number | null>) => {
      const overlay = marketOverlay(
        bedrooms.map((b) => ({ marketId: LISBON.id, bedrooms: b })),
        DECEMBER,
        LISBON,
        stored,
      );
      return overlay.state === "shown" ? [overlay.bedrooms, overlay.periods[0]!.occupancy] : overlay.state;
    };
    expect(occupancyFor([2, 2])).toEqual(["2", 20]);
    expect(occupancyFor([7, 9])).toEqual(["6+", 60]);
    // Listings of several groups, or a group the mirror does not hold: the market as a whole.
    expect(occupancyFor([2, 7])).toEqual([null, 10]);
    expect(occupancyFor([3])).toEqual([null, 10]);
    expect(occupancyFor([null])).toEqual([null, 10]);
  });

  it("a point that cannot be read is left out, and a period with no night reported has no figure", () => {
    const overlay = marketOverlay(
      [{ marketId: LISBON.id, bedrooms: null }],
      pacePeriods("month", "2026-12-01").slice(0, 2),
      LISBON,
      [series("all:occupancy", [point("2026-12-01", 40), { date: "2026-12-02", value: "many" }])],
    );
    expect(overlay.state === "shown" && overlay.periods).toEqual([
      { period: "2026-12", occupancy: 40, adr: null },
      { period: "2027-01", occupancy: null, adr: null },
    ]);
  });

  it("is not shown until the mirror holds the market's occupancy", () => {
    expect(marketOverlay([{ marketId: LISBON.id, bedrooms: 2 }], DECEMBER, LISBON, [])).toEqual({
      state: "not_read",
    });
  });
});
