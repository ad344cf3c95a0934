import { describe, expect, it } from "vitest";
import { batchSettings, emptyBatchValues } from "@/lib/listing/preferences/batch";

describe("a batch edit's settings", () => {
  it("are only the chosen ones, with an empty value clearing the setting", () => {
    const values = { ...emptyBatchValues, min_stay: "3", min_price: "", base_price_adjustment: "5" };
    expect(batchSettings(["min_stay", "min_price"], values)).toEqual({
      ok: true,
      settings: { min_stay: 3, min_price: null },
    });
  });

  it("refuses a total fee percentage of -150 on its input, whatever else is chosen", () => {
    const values = {
      ...emptyBatchValues,
      min_stay: "2",
      fee_adjustments: { set: true, total_fee_percentage: "-150", auto_update: false },
    };
    const result = batchSettings(["min_stay", "fee_adjustments"], values);
    expect(result.ok).toBe(false);
    expect(Object.keys(!result.ok ? result.errors : {})).toEqual(["fee_adjustments.total_fee_percentage"]);
  });

  it("writes discounts as percentages and can clear fee adjustments", () => {
    const values = {
      ...emptyBatchValues,
      long_term_discounts: { weekly_percent: "10", monthly_percent: "" },
      fee_adjustments: { set: false, total_fee_percentage: "", auto_update: true },
    };
    expect(batchSettings(["long_term_discounts", "fee_adjustments"], values)).toEqual({
      ok: true,
      settings: { long_term_discounts: { weekly_percent: 10, monthly_percent: null }, fee_adjustments: null },
    });
  });

  it("checks the minimum price against the maximum when both are chosen", () => {
    const values = { ...emptyBatchValues, min_price: "300", max_price: "200" };
    const result = batchSettings(["min_price", "max_price"], values);
    expect(result.ok).toBe(false);
  });
});
