import { describe, expect, it } from "vitest";
import { countryName, marketRows, reportCurrencies } from "@/lib/market/markets";

const market = (id: string, currency: string, country = "US") => ({
  id,
  name: id,
  country,
  currency,
  listing_count: 100,
  postal_codes: [{ postal_code: "1", latlong: [0, 0] as [number, number], listing_count: 100 }],
});

describe("the markets list", () => {
  it("counts my listings per market, 0 where I have none, and waits while they load", () => {
    const markets = [market("mkt_a", "USD"), market("mkt_b", "EUR", "PT")];
    const mine = [{ market_id: "mkt_a" }, { market_id: "mkt_a" }, { market_id: "mkt_c" }];
    expect(marketRows(markets, mine).map((r) => [r.id, r.mine])).toEqual([
      ["mkt_a", 2],
      ["mkt_b", 0],
    ]);
    expect(marketRows(markets, null).map((r) => r.mine)).toEqual([null, null]);
    expect(marketRows(markets, mine)[1]).toMatchObject({ countryName: "Portugal", postalCodeCount: 1 });
  });

  it("names countries in words and keeps a code it cannot name", () => {
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("not a code")).toBe("not a code");
  });

  it("offers the currencies of the caller's markets, once each", () => {
    expect(reportCurrencies([market("a", "USD"), market("b", "EUR"), market("c", "USD")])).toEqual([
      "EUR",
      "USD",
    ]);
  });
});
