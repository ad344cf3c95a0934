import { describe, expect, it } from "vitest";
import { nightColumns } from "@/lib/format/night-columns";
import {
  MISSING_COLOUR,
  nightColour,
  nightSummary,
  nightWords,
  NIGHT_BLOCKED,
  NIGHT_BOOKED,
  NIGHT_MISSING,
  NIGHT_OPEN,
  PRICE_BANDS,
  priceBand,
  rowNights,
} from "@/lib/calendar/rows";

const grid = nightColumns("2026-12-01", "2026-12-04");
const night = (date: string, over: object = {}) => ({
  date,
  price: 200,
  recommended_price: 210,
  min_stay: 2,
  available: true,
  is_booked: false,
  reservation_id: null,
  custom_rate: null,
  demand: "high" as const,
  ...over,
});

describe("a portfolio calendar row", () => {
  const row = rowNights(
    {
      listing_id: "1",
      currency: "USD",
      nights: [
        night("2026-12-01"),
        night("2026-12-02", { available: false, is_booked: true, reservation_id: "HM1" }),
        night("2026-12-03", {
          available: false,
          custom_rate: { price_type: "fixed", price_value: 320 },
          price: 320,
        }),
        night("2027-01-01"),
      ],
    },
    grid.colOf,
    grid.columns.length,
    200,
  );

  it("lays each night on its column; a night the answer left out is missing, never 0", () => {
    expect([...row.state]).toEqual([NIGHT_OPEN, NIGHT_BOOKED, NIGHT_BLOCKED, NIGHT_MISSING]);
    expect(Number.isNaN(row.price[3]!)).toBe(true);
    expect(nightColour(row, 3, "price", "price")).toBe(MISSING_COLOUR);
  });

  it("colours by price against the listing's own base price", () => {
    expect(priceBand(200, 200)).toBe(2);
    expect(priceBand(150, 200)).toBe(0);
    expect(priceBand(320, 200)).toBe(5);
    expect(nightColour(row, 2, "price", "price")).toBe(PRICE_BANDS[5].colour);
    expect(priceBand(200, null)).toBe(-1);
  });

  it("without a base price preference, colours against the median of its own prices", () => {
    const noBase = rowNights(
      {
        listing_id: "2",
        currency: "USD",
        nights: [
          night("2026-12-01", { price: 100 }),
          night("2026-12-02", { price: 300 }),
          night("2026-12-03", { price: 200 }),
        ],
      },
      grid.colOf,
      grid.columns.length,
      null,
    );
    expect(noBase.basePrice).toBe(200);
  });

  it("names each night in words: status, price, recommendation, minimum stay, demand and a custom rate", () => {
    expect(nightSummary(row, 2, "Thursday 3 December 2026")).toBe(
      "Thursday 3 December 2026, Blocked by the host, price $320, recommended $210, minimum stay 2 nights, the listing's; the custom rate may set its own, High demand, Custom rate: Fixed at $320",
    );
    expect(nightSummary(row, 1, "Wednesday 2 December 2026")).toContain("Booked");
    expect(nightSummary(row, 3, "Friday 4 December 2026")).toBe("Friday 4 December 2026: no data");
  });

  it("rule: a custom rate's minimum stay overrides the listing's: under a custom rate the price calendar's minimum stay is said to be the listing's", () => {
    expect(nightWords(row, 2)!.minStay).toBe("2 nights, the listing's; the custom rate may set its own");
    expect(nightWords(row, 0)!.minStay).toMatch(/^\d+ nights?$/);
  });
});
