import { describe, expect, it } from "vitest";
import { readLines } from "@/lib/sync/display";

const reads = (setPrices: { done: number; total: number }) => ({
  listings: { done: 1, total: 1 },
  reservations: { done: 34, total: 34 },
  nights: { done: 5, total: 34 },
  flags: { done: 0, total: 34 },
  market: { done: 0, total: 4 },
  groups: { done: 1, total: 1 },
  set_prices: setPrices,
});

describe("the Sync page's reads per kind", () => {
  it("lists the paid sets' comp prices only for an account that has a paid set", () => {
    expect(readLines(reads({ done: 1, total: 2 })).at(-1)).toEqual({
      noun: "Paid sets' comp prices",
      text: "1 of 2",
    });
    expect(readLines(reads({ done: 0, total: 0 })).map((l) => l.noun)).toEqual([
      "Reservations",
      "Price calendars",
      "Flags",
      "Markets",
      "Segments and comp sets",
    ]);
  });
});
