import { describe, expect, it } from "vitest";
import { periodDates, rateWords } from "@/lib/listing/custom-rates/words";

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
