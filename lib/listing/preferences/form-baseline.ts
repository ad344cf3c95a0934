import {
  PREFERENCE_SETTING_NAMES,
  type ListingPreferences,
  type PreferenceSettings,
  type PreferenceSettingValues,
} from "@/lib/svc/schemas/preferences";
import {
  WEEKDAYS,
  percentToFactor,
  type PreferencesFormOutput,
  type PreferencesFormSchema,
  type PreferencesFormValues,
} from "@/lib/listing/preferences/form";

/**
 * The editor starts from what the service holds and sends only what the user changed, so a
 * save never rewrites a setting nobody touched.
 */

const text = (value: number | null) => (value === null ? "" : String(value));

/** The form's starting values: the listing's preferences as GET /preferences/{id} answers them. */
export function toFormValues(preferences: ListingPreferences): PreferencesFormValues {
  const factors = preferences.supported_settings.long_term_discount_form === "weekly_monthly";
  const discount = (percent: number | null | undefined) =>
    percent == null ? "" : String(factors ? percentToFactor(percent) : percent);
  return {
    pricing_enabled: preferences.pricing_enabled,
    base_price: text(preferences.base_price),
    base_price_adjustment: text(preferences.base_price_adjustment),
    min_price: text(preferences.min_price),
    max_price: text(preferences.max_price),
    min_stay: text(preferences.min_stay),
    checkin_checkout: preferences.checkin_checkout
      ? { restricted: true, ...preferences.checkin_checkout }
      : { restricted: false, checkin_days: [...WEEKDAYS], checkout_days: [...WEEKDAYS] },
    long_term_discounts: {
      weekly_percent: discount(preferences.long_term_discounts?.weekly_percent),
      monthly_percent: discount(preferences.long_term_discounts?.monthly_percent),
    },
    fees: {
      cleaning_fee: text(preferences.fees?.cleaning_fee ?? null),
      extra_guest_fee: text(preferences.fees?.extra_guest_fee ?? null),
    },
    guests_included: text(preferences.guests_included),
    nickname: preferences.nickname ?? "",
    fee_adjustments: preferences.fee_adjustments
      ? {
          set: true,
          total_fee_percentage: String(preferences.fee_adjustments.total_fee_percentage),
          auto_update: preferences.fee_adjustments.auto_update,
        }
      : { set: false, total_fee_percentage: "", auto_update: true },
  };
}

/** The setting values of a preferences object. */
export function settingsOf(preferences: ListingPreferences): PreferenceSettingValues {
  return Object.fromEntries(
    PREFERENCE_SETTING_NAMES.map((name) => [name, preferences[name]]),
  ) as PreferenceSettingValues;
}

/**
 * What the unchanged form stands for, read through the same schema as the user's values, so
 * that rounding (a factor back to a percent) and day order never look like a change. Falls
 * back to the stored values where the stored form does not pass the form's checks.
 */
export function baselineOf(
  schema: PreferencesFormSchema,
  preferences: ListingPreferences,
): PreferencesFormOutput {
  const parsed = schema.safeParse(toFormValues(preferences));
  return parsed.success ? parsed.data : settingsOf(preferences);
}

/** JSON with sorted keys: two values are the same setting value when this agrees. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** The PUT body: each setting whose value differs from the baseline; absent ones stay. */
export function changedSettings(
  baseline: PreferencesFormOutput,
  current: PreferencesFormOutput,
): PreferenceSettings {
  const changed: Record<string, unknown> = {};
  for (const name of PREFERENCE_SETTING_NAMES) {
    const value = current[name];
    if (value === undefined) continue;
    if (canonical(value) !== canonical(baseline[name])) changed[name] = value;
  }
  return changed as PreferenceSettings;
}
