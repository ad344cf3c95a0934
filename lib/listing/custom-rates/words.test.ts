import { describe, expect, it } from "vitest";
import {
  customRatePhrase,
  periodDates,
  priceToPostWords,
  rateWords,
  waitingToPost,
} from "@/lib/listing/custom-rates/words";

describe("words for a custom rate", () => {
  it("says a fixed rate's price in the listing's currency and a percent one against the recommendation", () => {
    expect(rateWords({ price_type: "fixed", price_value: 278.5 }, "USD")).toBe("Fixed at $278.50");
    expect(rateWords({ price_type: "fixed", price_value: 132 }, "USD")).toBe("Fixed at $132");
    expect(rateWords({ price_type: "percent", price_value: -11 }, "EUR")).toBe(
      "11% below the recommendation",
    );
    expect(rateWords({ price_type: "percent", price_value: 15 }, "EUR")).toBe("15% above the recommendation");
  });

  it("writes a period's dates once per year", () => {
    expect(periodDates({ start_date: "2026-12-02", end_date: "2026-12-02" })).toBe("2 Dec 2026");
    expect(periodDates({ start_date: "2026-11-28", end_date: "2026-12-02" })).toBe("28 Nov – 2 Dec 2026");
    expect(periodDates({ start_date: "2026-12-28", end_date: "2027-01-03" })).toBe(
      "28 Dec 2026 – 3 Jan 2027",
    );
  });
});

describe("a night's two prices: the channel's and the one waiting to be posted", () => {
  const money = (value: number) => `$${value}`;
  const fixed = { price_type: "fixed", price_value: 250 } as const;

  it("a custom rate whose price to post differs from the channel's is waiting to be posted", () => {
    expect(waitingToPost({ price: 200, customRate: fixed, postPrice: 250 })).toBe(true);
    expect(customRatePhrase({ price: 200, customRate: fixed, postPrice: 250 }, "USD", money)).toBe(
      "custom rate: Fixed at $250, waiting to be posted: $250",
    );
  });

  it("once posted (the channel shows the price to post, to the cent) it no longer waits", () => {
    expect(waitingToPost({ price: 250, customRate: fixed, postPrice: 250.001 })).toBe(false);
    expect(customRatePhrase({ price: 250, customRate: fixed, postPrice: 250 }, "USD", money)).toBe(
      "custom rate: Fixed at $250, on the channel",
    );
  });

  it("while the price to post is unknown, only the rate is said, never a made-up price", () => {
    const night = { price: 200, customRate: fixed, postPrice: null };
    expect(waitingToPost(night)).toBe(false);
    expect(customRatePhrase(night, "USD", money)).toBe("custom rate: Fixed at $250");
    expect(priceToPostWords(null, "loading", money)).toBe("Loading the recommendations…");
    expect(priceToPostWords(null, "error", money)).toBe("The recommendations did not load.");
    expect(priceToPostWords(null, "ready", money)).toBe("Unknown");
    expect(priceToPostWords(250, "ready", money)).toBe("$250");
  });

  it("a night without a custom rate has nothing waiting and no phrase", () => {
    expect(waitingToPost({ price: 200, customRate: null, postPrice: 230 })).toBe(false);
    expect(customRatePhrase({ price: 200, customRate: null, postPrice: 230 }, "USD", money)).toBeNull();
  });
});
