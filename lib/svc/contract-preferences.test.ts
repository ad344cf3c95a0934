import { describe, it, expect } from "vitest";
import type { z } from "zod";
import { preferenceEndpoints } from "@/lib/svc/endpoints/preferences";
import {
  PREFERENCE_SETTING_NAMES,
  checkinCheckoutSetting,
  listingPreferences,
  longTermDiscountsSetting,
  preferenceSettings,
  preferenceWarning,
} from "@/lib/svc/schemas/preferences";
import { batchPreferencesBody, batchPreferencesResult } from "@/lib/svc/schemas/preferences-batch";
import {
  copyPreferencesBody,
  longTermDiscountsView,
  previewResult,
  settingWriteBody,
  settingWriteBodyAny,
} from "@/lib/svc/schemas/preferences-extras";
import { preferenceChangelogAction } from "@/lib/svc/schemas/listing-changelog";
import { accepts, issuePaths, table, without } from "@/lib/svc/contract-test-support";

function samplePreferences(overrides: Record<string, unknown> = {}) {
  return {
    listing_id: "L1",
    channel: "airbnb",
    currency: "USD",
    supported_settings: {
      checkin_checkout: true,
      min_stay: true,
      long_term_discounts: true,
      long_term_discount_form: "percent",
    },
    pricing_enabled: true,
    base_price: 120,
    base_price_adjustment: null,
    min_price: 80,
    max_price: 400,
    min_stay: 2,
    checkin_checkout: null,
    long_term_discounts: { weekly_percent: 10, monthly_percent: 25 },
    fees: { cleaning_fee: 60, extra_guest_fee: null },
    guests_included: 2,
    nickname: null,
    fee_adjustments: { total_fee_percentage: 14, auto_update: true },
    ...overrides,
  };
}

describe("preferences", () => {
  const feeAdj = (value: unknown) => preferenceSettings.safeParse({ fee_adjustments: value }).success;

  it("fee_adjustments total_fee_percentage below -100 is rejected", () => {
    expect(feeAdj({ total_fee_percentage: -100, auto_update: false })).toBe(true);
    expect(feeAdj({ total_fee_percentage: -100.5, auto_update: false })).toBe(false);
  });

  it("fee_adjustments that is not an object is rejected", () => {
    for (const value of [12, "12", true, [], [{ total_fee_percentage: 1, auto_update: true }]]) {
      expect(feeAdj(value), JSON.stringify(value)).toBe(false);
    }
  });

  it("fee_adjustments null clears it", () => {
    expect(preferenceSettings.parse({ fee_adjustments: null })).toEqual({ fee_adjustments: null });
  });

  it("a fee_adjustments write replaces the object as a whole, so both fields are given", () => {
    expect(feeAdj({ total_fee_percentage: 10 })).toBe(false);
    expect(feeAdj({ auto_update: true })).toBe(false);
  });

  it("min_price above max_price in one write is rejected", () => {
    expect(issuePaths(preferenceSettings, { min_price: 300, max_price: 200 })).toEqual(["min_price"]);
    expect(accepts(preferenceSettings, { min_price: 200, max_price: 200 })).toBe(true);
    expect(accepts(preferenceSettings, { min_price: 300 })).toBe(true);
  });

  it("an unknown setting is rejected", () => {
    expect(accepts(preferenceSettings, { base_price: 100, weekend_boost: 5 })).toBe(false);
    expect(accepts(preferenceSettings, {})).toBe(true);
  });

  it("negative prices are rejected", () => {
    for (const key of ["base_price", "min_price", "max_price"]) {
      expect(accepts(preferenceSettings, { [key]: -1 }), key).toBe(false);
    }
    expect(accepts(preferenceSettings, { fees: { cleaning_fee: -5, extra_guest_fee: null } })).toBe(false);
  });

  it("the preferences object carries every setting name as a key", () => {
    expect(accepts(listingPreferences, samplePreferences())).toBe(true);
    for (const name of PREFERENCE_SETTING_NAMES) {
      const copy: Record<string, unknown> = samplePreferences();
      delete copy[name];
      expect(issuePaths(listingPreferences, copy), name).toEqual([name]);
    }
  });

  it("every preference write response includes warnings", () => {
    const writes = [
      "preferences.batchPut",
      "preferences.put",
      "preferences.copy",
      "preferences.settingPut",
      "preferences.preview",
    ];
    for (const id of writes) {
      const response = table[id]!.response as z.ZodObject;
      expect(response.shape, id).toHaveProperty("warnings");
    }
    const result = { preferences: samplePreferences(), warnings: [] };
    expect(accepts(preferenceEndpoints["preferences.put"].response, result)).toBe(true);
    expect(
      accepts(preferenceEndpoints["preferences.put"].response, { preferences: samplePreferences() }),
    ).toBe(false);
  });

  it("a warning names the setting, the reason and the attributes not applied", () => {
    const warning = {
      setting: "checkin_checkout",
      reason: "partially_supported_by_channel",
      attributes: ["checkout_days"],
      message: "This channel takes check-in days only",
    };
    expect(accepts(preferenceWarning, warning)).toBe(true);
    expect(accepts(preferenceWarning, { ...warning, reason: "unsupported" })).toBe(false);
    expect(accepts(preferenceWarning, { ...warning, setting: "weekend_boost" })).toBe(false);
  });

  it("a batch names each listing once per channel", () => {
    const entry = { listing_id: "L1", settings: { min_stay: 2 } };
    expect(accepts(batchPreferencesBody, { preferences: [entry, { ...entry, channel: "vrbo" }] })).toBe(true);
    expect(issuePaths(batchPreferencesBody, { preferences: [entry, entry] })).toEqual([
      "preferences.1.listing_id",
    ]);
    expect(accepts(batchPreferencesBody, { preferences: [{ ...entry, settings: { min_stay: 0 } }] })).toBe(
      false,
    );
  });

  it("a batch answers results, per-listing errors and all warnings naming their listing", () => {
    const warning = {
      setting: "min_stay",
      reason: "not_supported_by_channel",
      attributes: ["min_stay"],
      message: "x",
    };
    const result = {
      results: [{ listing_id: "L1", preferences: samplePreferences(), warnings: [warning] }],
      errors: [{ listing_id: "L2", status: 403, error: { code: "forbidden", message: "Restricted editor" } }],
      warnings: [{ ...warning, listing_id: "L1" }],
    };
    expect(accepts(batchPreferencesResult, result)).toBe(true);
    expect(accepts(batchPreferencesResult, { ...result, warnings: [warning] })).toBe(false);
  });

  it("copy names only known settings, each once", () => {
    expect(accepts(copyPreferencesBody, { copy_preferences_from: "L2" })).toBe(true);
    expect(
      accepts(copyPreferencesBody, { copy_preferences_from: "L2", settings: ["min_stay", "fees"] }),
    ).toBe(true);
    expect(accepts(copyPreferencesBody, { copy_preferences_from: "L2", settings: ["weekend_boost"] })).toBe(
      false,
    );
    expect(accepts(copyPreferencesBody, { copy_preferences_from: "L2", settings: ["fees", "fees"] })).toBe(
      false,
    );
  });

  it("a single-setting write is checked against the setting the path names", () => {
    expect(accepts(settingWriteBody("min_stay"), { value: 3 })).toBe(true);
    expect(accepts(settingWriteBody("min_stay"), { value: 0 })).toBe(false);
    expect(accepts(settingWriteBody("fee_adjustments"), { value: null })).toBe(true);
    expect(accepts(settingWriteBody("pricing_enabled"), { value: "yes" })).toBe(false);
    expect(accepts(settingWriteBodyAny, {})).toBe(false);
  });

  it("long-term discounts are written in percent form, below 100", () => {
    expect(accepts(longTermDiscountsSetting, { weekly_percent: 10, monthly_percent: null })).toBe(true);
    expect(accepts(longTermDiscountsSetting, { weekly_price_factor: 0.9, monthly_price_factor: 0.8 })).toBe(
      false,
    );
    expect(accepts(longTermDiscountsSetting, { weekly_percent: 100, monthly_percent: null })).toBe(false);
  });

  it("weekly_monthly factors are given exactly when the channel takes that form", () => {
    const view = {
      listing_id: "L1",
      form: "weekly_monthly",
      long_term_discounts: { weekly_percent: 10, monthly_percent: 20 },
      weekly_monthly: { weekly_price_factor: 0.9, monthly_price_factor: 0.8 },
    };
    expect(accepts(longTermDiscountsView, view)).toBe(true);
    expect(accepts(longTermDiscountsView, { ...view, weekly_monthly: null })).toBe(false);
    expect(accepts(longTermDiscountsView, { ...view, form: "percent" })).toBe(false);
  });

  it("check-in/out days are weekdays, each once, at least one", () => {
    const value = { checkin_days: ["friday", "saturday"], checkout_days: ["sunday"] };
    expect(accepts(checkinCheckoutSetting, value)).toBe(true);
    expect(accepts(checkinCheckoutSetting, { ...value, checkin_days: [] })).toBe(false);
    expect(accepts(checkinCheckoutSetting, { ...value, checkin_days: ["friday", "friday"] })).toBe(false);
    expect(accepts(checkinCheckoutSetting, { ...value, checkout_days: ["sun"] })).toBe(false);
  });

  it("the changelog records posts, failed posts, syncs, custom rate changes, engine changes and reservation imports", () => {
    for (const action of [
      "price_posted",
      "price_post_failed",
      "calendar_synced",
      "custom_rate_added",
      "custom_rate_split",
      "custom_rate_removed",
      "pricing_engine_changed",
      "reservation_imported",
    ]) {
      expect(preferenceChangelogAction.options, action).toContain(action);
    }
  });

  it("preview answers the preferences, warnings and a dated price preview in one currency", () => {
    const preview = {
      currency: "USD",
      preferences: samplePreferences(),
      warnings: [],
      price_preview: [{ date: "2026-12-01", current_price: 150, preview_price: 165 }],
    };
    expect(accepts(previewResult, preview)).toBe(true);
    const withoutCurrency = without(preview, "currency");
    expect(accepts(previewResult, withoutCurrency)).toBe(false);
    expect(preferenceEndpoints["preferences.preview"].body).toBe(preferenceEndpoints["preferences.put"].body);
  });
});
