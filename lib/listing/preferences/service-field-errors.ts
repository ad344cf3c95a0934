import { PREFERENCE_SETTING_NAMES, type PreferenceSettingName } from "@/lib/svc/schemas/preferences";

/**
 * A service refusal that names a setting belongs beside that setting's input, where the user
 * is looking, not in a banner above the form.
 */

/** Every input of the form, by path; a service error naming one of them goes to it. */
export const FORM_FIELDS = [
  "pricing_enabled",
  "base_price",
  "base_price_adjustment",
  "min_price",
  "max_price",
  "min_stay",
  "checkin_checkout.checkin_days",
  "checkin_checkout.checkout_days",
  "long_term_discounts.weekly_percent",
  "long_term_discounts.monthly_percent",
  "fees.cleaning_fee",
  "fees.extra_guest_fee",
  "guests_included",
  "nickname",
  "fee_adjustments.total_fee_percentage",
  "fee_adjustments.auto_update",
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** Where a setting's own error shows when the service names the setting as a whole. */
const SETTING_ANCHOR: Record<PreferenceSettingName, FormField> = {
  pricing_enabled: "pricing_enabled",
  base_price: "base_price",
  base_price_adjustment: "base_price_adjustment",
  min_price: "min_price",
  max_price: "max_price",
  min_stay: "min_stay",
  checkin_checkout: "checkin_checkout.checkin_days",
  long_term_discounts: "long_term_discounts.weekly_percent",
  fees: "fees.cleaning_fee",
  guests_included: "guests_included",
  nickname: "nickname",
  fee_adjustments: "fee_adjustments.total_fee_percentage",
};

const isSettingName = (name: string): name is PreferenceSettingName =>
  (PREFERENCE_SETTING_NAMES as readonly string[]).includes(name);

/**
 * The input a field named in a 400 `invalid_preferences` (or the BFF's `invalid_body`)
 * belongs to: `fee_adjustments.total_fee_percentage`, a batch entry's
 * `preferences.2.settings.min_price`, `checkin_checkout.checkin_days.3`. Null when it names
 * no setting (the error then goes to the form as a whole).
 */
export function formFieldOf(serviceField: string): FormField | null {
  const path = serviceField.replace(/^preferences\.\d+\.settings\./, "").split(".");
  for (let length = path.length; length > 0; length -= 1) {
    const candidate = path.slice(0, length).join(".");
    if ((FORM_FIELDS as readonly string[]).includes(candidate)) return candidate as FormField;
  }
  return isSettingName(path[0]!) ? SETTING_ANCHOR[path[0]] : null;
}

/** The `details.fields` of a service error, where it has them. */
export function serviceFieldErrors(
  details: Record<string, unknown> | undefined,
): Array<{ field: string; message: string }> {
  const fields = details?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is { field: string; message: string } =>
      typeof f === "object" && f !== null && typeof f.field === "string" && typeof f.message === "string",
  );
}
