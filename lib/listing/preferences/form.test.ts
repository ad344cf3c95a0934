import { describe, expect, it } from "vitest";
import {
  factorToPercent,
  percentToFactor,
  preferencesFormSchema,
  type PreferencesFormValues,
} from "@/lib/listing/preferences/form";
import { formParseOptions } from "@/lib/forms/error-map";
import { baselineOf, changedSettings, toFormValues } from "@/lib/listing/preferences/form-baseline";
import type { SupportedSettings } from "@/lib/svc/schemas/listings";
import { listingPreferences, type ListingPreferences } from "@/lib/svc/schemas/preferences";

function preferences(overrides: Partial<ListingPreferences> = {}): ListingPreferences {
  return listingPreferences.parse({
    listing_id: "1000001",
    channel: "airbnb",
    currency: "USD",
    supported_settings: {
      checkin_checkout: true,
      min_stay: true,
      long_term_discounts: true,
      long_term_discount_form: "percent",
    },
    pricing_enabled: true,
    base_price: 171,
    base_price_adjustment: null,
    min_price: 118,
    max_price: 545,
    min_stay: 2,
    checkin_checkout: null,
    long_term_discounts: { weekly_percent: 8, monthly_percent: 26 },
    fees: { cleaning_fee: 80, extra_guest_fee: null },
    guests_included: 2,
    nickname: "Casita",
    fee_adjustments: { total_fee_percentage: 12, auto_update: true },
    ...overrides,
  });
}

function setup(prefs = preferences()) {
  const schema = preferencesFormSchema(prefs.supported_settings.long_term_discount_form, prefs.currency);
  const defaults = toFormValues(prefs);
  const baseline = baselineOf(schema, prefs);
  const edit = (change: (values: PreferencesFormValues) => void) => {
    const values = structuredClone(defaults);
    change(values);
    return schema.safeParse(values, formParseOptions);
  };
  return { schema, defaults, baseline, edit };
}

function messagesAt(result: ReturnType<ReturnType<typeof setup>["edit"]>, path: string) {
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join(".") === path).map((i) => i.message);
}

describe("the preferences form schema", () => {
  it("refuses a total fee percentage of -150, as the contract does", () => {
    const result = setup().edit((v) => {
      v.fee_adjustments.total_fee_percentage = "-150";
    });
    expect(result.success).toBe(false);
    expect(messagesAt(result, "fee_adjustments.total_fee_percentage")).toHaveLength(1);
  });

  it("accepts a total fee percentage of exactly -100", () => {
    const { edit, baseline } = setup();
    const result = edit((v) => {
      v.fee_adjustments.total_fee_percentage = "-100";
    });
    expect(result.success).toBe(true);
    expect(changedSettings(baseline, result.data!)).toEqual({
      fee_adjustments: { total_fee_percentage: -100, auto_update: true },
    });
  });

  it("asks for a total fee percentage when fee adjustments are set without one", () => {
    const result = setup(preferences({ fee_adjustments: null })).edit((v) => {
      v.fee_adjustments.set = true;
    });
    expect(messagesAt(result, "fee_adjustments.total_fee_percentage")[0]).toMatch(
      /Enter the total fee percentage/,
    );
  });

  it("clearing fee adjustments sends null", () => {
    const { edit, baseline } = setup();
    const result = edit((v) => {
      v.fee_adjustments.set = false;
    });
    expect(changedSettings(baseline, result.data!)).toEqual({ fee_adjustments: null });
  });

  it("an emptied number field clears the setting (null)", () => {
    const { edit, baseline } = setup();
    const result = edit((v) => {
      v.base_price = "";
      v.min_stay = " ";
    });
    expect(changedSettings(baseline, result.data!)).toEqual({ base_price: null, min_stay: null });
  });

  it("emptying both fees or both discounts clears the whole setting", () => {
    const { edit, baseline } = setup();
    const result = edit((v) => {
      v.fees.cleaning_fee = "";
      v.long_term_discounts = { weekly_percent: "", monthly_percent: "" };
    });
    expect(changedSettings(baseline, result.data!)).toEqual({ fees: null, long_term_discounts: null });
  });

  it("sends only the settings that changed", () => {
    const { edit, baseline } = setup();
    const result = edit((v) => {
      v.min_stay = "4";
      v.base_price = "171.0";
      v.nickname = "  Casita ";
    });
    expect(changedSettings(baseline, result.data!)).toEqual({ min_stay: 4 });
  });

  it("an untouched form changes nothing", () => {
    const { edit, baseline } = setup();
    const result = edit(() => {});
    expect(changedSettings(baseline, result.data!)).toEqual({});
  });

  it("refuses a minimum price above the maximum price, on the minimum price, in plain sentences", () => {
    const result = setup().edit((v) => {
      v.min_price = "600";
    });
    expect(messagesAt(result, "min_price")).toEqual([
      "The minimum price ($600) is above the maximum price ($545), so no price can meet both. Lower the minimum or raise the maximum.",
    ]);
    expect(messagesAt(result, "max_price")).toEqual([]);
  });

  it("words zod's unworded refusals with the field's name: whole nights, at least one day", () => {
    const { edit } = setup();
    expect(
      messagesAt(
        edit((v) => void (v.min_stay = "2.5")),
        "min_stay",
      ),
    ).toEqual(["Enter a whole number."]);
    expect(
      messagesAt(
        edit((v) => void (v.min_stay = "two")),
        "min_stay",
      ),
    ).toEqual(["Enter a whole number."]);
    expect(
      messagesAt(
        edit((v) => void (v.min_stay = "0")),
        "min_stay",
      ),
    ).toEqual(["Minimum stay must be at least 1."]);
    const noDays = edit((v) => {
      v.checkin_checkout = { restricted: true, checkin_days: [], checkout_days: ["monday"] };
    });
    expect(messagesAt(noDays, "checkin_checkout.checkin_days")).toEqual([
      "Choose at least one check-in day.",
    ]);
  });

  it("restricting days sends them in week order; lifting the restriction sends null", () => {
    const { edit, baseline } = setup();
    const restricted = edit((v) => {
      v.checkin_checkout = {
        restricted: true,
        checkin_days: ["saturday", "friday"],
        checkout_days: ["sunday"],
      };
    });
    expect(changedSettings(baseline, restricted.data!)).toEqual({
      checkin_checkout: { checkin_days: ["friday", "saturday"], checkout_days: ["sunday"] },
    });
    const withDays = setup(
      preferences({ checkin_checkout: { checkin_days: ["friday"], checkout_days: ["sunday", "monday"] } }),
    );
    const lifted = withDays.edit((v) => {
      v.checkin_checkout.restricted = false;
    });
    expect(changedSettings(withDays.baseline, lifted.data!)).toEqual({ checkin_checkout: null });
  });

  it("a setting the form did not hold (a disabled input) is never sent", () => {
    const { schema, defaults, baseline } = setup();
    const held: Partial<PreferencesFormValues> = { ...structuredClone(defaults), base_price: "200" };
    delete held.min_stay;
    const result = schema.safeParse(held, formParseOptions);
    expect(changedSettings(baseline, result.data!)).toEqual({ base_price: 200 });
  });
});

describe("long-term discounts in the form the channel takes", () => {
  const weeklyMonthly: SupportedSettings = {
    checkin_checkout: false,
    min_stay: true,
    long_term_discounts: true,
    long_term_discount_form: "weekly_monthly",
  };

  it("a weekly/monthly channel edits price factors and sends percentages", () => {
    const prefs = preferences({
      supported_settings: weeklyMonthly,
      long_term_discounts: { weekly_percent: 7, monthly_percent: 30 },
    });
    const { defaults, edit, baseline } = setup(prefs);
    expect(defaults.long_term_discounts).toEqual({
      weekly_percent: String(percentToFactor(7)),
      monthly_percent: String(percentToFactor(30)),
    });
    expect(changedSettings(baseline, edit(() => {}).data!)).toEqual({});
    const result = edit((v) => {
      v.long_term_discounts.weekly_percent = "0.85";
    });
    expect(changedSettings(baseline, result.data!)).toEqual({
      long_term_discounts: { weekly_percent: factorToPercent(0.85), monthly_percent: 30 },
    });
  });

  it("refuses a price factor outside (0, 1]", () => {
    const { edit } = setup(preferences({ supported_settings: weeklyMonthly }));
    for (const factor of ["0", "1.2", "-0.5"]) {
      const result = edit((v) => {
        v.long_term_discounts.weekly_percent = factor;
      });
      expect(messagesAt(result, "long_term_discounts.weekly_percent")).toHaveLength(1);
    }
  });

  it("a percent channel refuses a discount of 100% or more", () => {
    const result = setup().edit((v) => {
      v.long_term_discounts.monthly_percent = "100";
    });
    expect(messagesAt(result, "long_term_discounts.monthly_percent")).toHaveLength(1);
  });
});
