import { describe, expect, it } from "vitest";
import { customRateFormSchema, emptyCustomRateForm } from "@/lib/listing/custom-rates/form";
import { preferencesFormSchema, type PreferencesFormValues } from "@/lib/listing/preferences/form";
import { MAX_MONEY } from "@/lib/forms/bounds";
import { formParseOptions } from "@/lib/forms/error-map";

/** The editor's values of a listing whose every setting is empty, with `change` applied. */
function preferencesWith(change: Partial<PreferencesFormValues>) {
  const values: PreferencesFormValues = {
    pricing_enabled: true,
    base_price: "",
    base_price_adjustment: "",
    min_price: "",
    max_price: "",
    min_stay: "",
    checkin_checkout: { restricted: false, checkin_days: [], checkout_days: [] },
    long_term_discounts: { weekly_percent: "", monthly_percent: "" },
    fees: { cleaning_fee: "", extra_guest_fee: "" },
    guests_included: "",
    nickname: "",
    fee_adjustments: { set: false, total_fee_percentage: "", auto_update: false },
    ...change,
  };
  return preferencesFormSchema("percent", "USD").safeParse(values, formParseOptions);
}

function messagesAt(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  path: string,
) {
  return result.success
    ? []
    : result.error!.issues.filter((i) => i.path.join(".") === path).map((i) => i.message);
}

describe("the forms' upper bounds on money and counts", () => {
  it("an absurd minimum price (99,999,999,999) is refused with a sentence naming the limit", () => {
    expect(messagesAt(preferencesWith({ min_price: "99999999999" }), "min_price")).toEqual([
      "Minimum price must be at most 1,000,000.",
    ]);
  });

  it("a price at the bound is accepted, one above it is refused, for base and maximum price too", () => {
    expect(preferencesWith({ base_price: String(MAX_MONEY), max_price: String(MAX_MONEY) }).success).toBe(
      true,
    );
    const over = preferencesWith({ base_price: String(MAX_MONEY + 1), max_price: String(MAX_MONEY + 1) });
    expect(messagesAt(over, "base_price")).toEqual(["Base price must be at most 1,000,000."]);
    expect(messagesAt(over, "max_price")).toEqual(["Maximum price must be at most 1,000,000."]);
  });

  it("fees are money: a cleaning fee over the bound is refused", () => {
    const result = preferencesWith({ fees: { cleaning_fee: "5000000", extra_guest_fee: "" } });
    expect(messagesAt(result, "fees.cleaning_fee")).toEqual(["Cleaning fee must be at most 1,000,000."]);
  });

  it("a minimum stay is at most 365 nights and a discount below 100 %", () => {
    expect(messagesAt(preferencesWith({ min_stay: "400" }), "min_stay")).toEqual([
      "Minimum stay must be at most 365.",
    ]);
    const discount = preferencesWith({ long_term_discounts: { weekly_percent: "150", monthly_percent: "" } });
    expect(messagesAt(discount, "long_term_discounts.weekly_percent")).toEqual([
      "Weekly discount must be below 100 %.",
    ]);
  });

  it("the total fee percentage is at most 100 %", () => {
    const result = preferencesWith({
      fee_adjustments: { set: true, total_fee_percentage: "250", auto_update: false },
    });
    expect(messagesAt(result, "fee_adjustments.total_fee_percentage")).toEqual([
      "Total fee percentage must be at most 100 %.",
    ]);
  });

  it("a fixed custom rate is at most 1,000,000 and a percent custom rate at most 1,000 %", () => {
    const period = { ...emptyCustomRateForm, start_date: "2031-01-01", end_date: "2031-01-03" };
    const fixed = customRateFormSchema.safeParse(
      { ...period, price_type: "fixed", price_value: "99999999999" },
      formParseOptions,
    );
    expect(messagesAt(fixed, "price_value")).toEqual(["A fixed price can be at most 1,000,000."]);
    const percent = customRateFormSchema.safeParse(
      { ...period, price_type: "percent", price_value: "5000" },
      formParseOptions,
    );
    expect(messagesAt(percent, "price_value")).toEqual(["A percentage can be at most 1,000 %."]);
    const stay = customRateFormSchema.safeParse(
      { ...period, price_type: "fixed", price_value: "180", min_stay: "500" },
      formParseOptions,
    );
    expect(messagesAt(stay, "min_stay")).toEqual(["Minimum stay must be at most 365."]);
  });
});
