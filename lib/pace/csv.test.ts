import { describe, expect, it } from "vitest";
import { MARKET_CSV_COLUMNS, PACE_CSV_COLUMNS, paceCsv } from "@/lib/pace/csv";
import type { MarketOverlayState } from "@/lib/pace/market-overlay";
import type { PaceRowView } from "@/lib/pace/queries";

const row = Object.fromEntries(PACE_CSV_COLUMNS.map((c, i) => [c, i])) as unknown as PaceRowView;
const split = (csv: string) => csv.trimEnd().split("\r\n");

describe("the pace CSV", () => {
  it("a period column, a currency column, then the figures by their definitions' names; unknown figures empty", () => {
    const [header, usd, eur] = split(
      paceCsv([
        { ...row, period: "2026-12", currency: "USD", otb_adr: null, delta_nights_pct: null },
        { ...row, period: "2026-12", currency: "EUR" },
      ]),
    );
    expect(header).toBe([...PACE_CSV_COLUMNS, ...MARKET_CSV_COLUMNS].join(","));
    expect(
      header!.startsWith("period,currency,listings,otb_nights,otb_revenue,otb_adr,otb_occupancy,stly_nights"),
    ).toBe(true);
    expect(usd!.split(",").slice(0, 6)).toEqual(["2026-12", "USD", "2", "3", "4", ""]);
    expect(usd!.split(",")[PACE_CSV_COLUMNS.indexOf("delta_nights_pct")]).toBe("");
    expect(eur!.split(",")[1]).toBe("EUR");
    expect(usd!.split(",").slice(PACE_CSV_COLUMNS.length)).toEqual(["", "", ""]);
  });

  it("the market's figures sit in columns of their own, on every currency's row of the period, with the market's currency", () => {
    const market: MarketOverlayState = {
      state: "shown",
      market_id: "mkt_lisbon",
      market_name: "Lisbon",
      bedrooms: "2",
      currency: "EUR",
      read_at: "2026-11-29T08:00:00.000Z",
      periods: [
        { period: "2026-12", occupancy: 61.5, adr: 142.25 },
        { period: "2027-01", occupancy: null, adr: null },
      ],
    };
    const [, usd, eur, january] = split(
      paceCsv(
        [
          { ...row, period: "2026-12", currency: "USD" },
          { ...row, period: "2026-12", currency: "EUR" },
          { ...row, period: "2027-01", currency: "USD" },
        ],
        market,
      ),
    );
    const marketPart = (line: string) => line.split(",").slice(PACE_CSV_COLUMNS.length);
    expect(marketPart(usd!)).toEqual(["61.5", "142.25", "EUR"]);
    expect(marketPart(eur!)).toEqual(["61.5", "142.25", "EUR"]);
    expect(marketPart(january!)).toEqual(["", "", "EUR"]);
    // The portfolio's own figures are untouched by the market's.
    expect(usd!.split(",")[PACE_CSV_COLUMNS.indexOf("otb_occupancy")]).toBe(
      String(PACE_CSV_COLUMNS.indexOf("otb_occupancy")),
    );
  });
});
