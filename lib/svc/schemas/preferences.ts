import { z } from "zod";
import { channelName, currencyCode } from "@/lib/svc/schemas/common";
import { supportedSettings } from "@/lib/svc/schemas/listings";
import { openSet, ourRule } from "@/lib/svc/schemas/reading";

/**
 * Pricing preferences (docs/interface-decisions.md §4): one zod schema per setting, shared by the
 * contract and by the dashboard's editors so both refuse the same values. Object-valued
 * settings are replaced as a whole by a write and cleared by null, so every field of them is
 * given on write. Batch bodies: `preferences-batch.ts`; copy, one setting, views and preview:
 * `preferences-extras.ts`.
 */

export const PREFERENCE_SETTING_NAMES = [
  "pricing_enabled",
  "base_price",
  "base_price_adjustment",
  "min_price",
  "max_price",
  "min_stay",
  "checkin_checkout",
  "long_term_discounts",
  "fees",
  "guests_included",
  "nickname",
  "fee_adjustments",
] as const;
export const preferenceSettingName = z.enum(PREFERENCE_SETTING_NAMES);
export type PreferenceSettingName = z.infer<typeof preferenceSettingName>;

export const weekday = z.enum(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
export type Weekday = z.infer<typeof weekday>;

export function uniqueList<T extends z.ZodType<string>>(item: T, what: string) {
  return z.array(item).superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (seen.has(value))
        ctx.addIssue({ code: "custom", path: [index], message: `The ${what} ${value} is listed twice.` });
      seen.add(value);
    });
  });
}

/** Weekdays a stay may start and end on; null (the whole setting) means no restriction. */
export const checkinCheckoutSetting = z.object({
  checkin_days: uniqueList(weekday, "day").min(1),
  checkout_days: uniqueList(weekday, "day").min(1),
});
export type CheckinCheckoutSetting = z.infer<typeof checkinCheckoutSetting>;

/**
 * Always written in percent form, whatever `supported_settings.long_term_discount_form` says;
 * the service converts for a `weekly_monthly` channel (see GET .../long_term_discounts).
 */
const discountPercent = z.number().min(0).lt(100);
export const longTermDiscountsSetting = z.object({
  weekly_percent: discountPercent.nullable(),
  monthly_percent: discountPercent.nullable(),
});
export type LongTermDiscountsSetting = z.infer<typeof longTermDiscountsSetting>;

/** In the listing's currency. */
export const feesSetting = z.object({
  cleaning_fee: z.number().nonnegative().nullable(),
  extra_guest_fee: z.number().nonnegative().nullable(),
});
export type FeesSetting = z.infer<typeof feesSetting>;

export const MIN_TOTAL_FEE_PERCENTAGE = -100;
/** Not an object, or total_fee_percentage below -100: 400. */
export const feeAdjustmentsSetting = z.object({
  total_fee_percentage: z
    .number()
    .min(MIN_TOTAL_FEE_PERCENTAGE, "The total fee percentage must be at least -100."),
  auto_update: z.boolean(),
});
export type FeeAdjustmentsSetting = z.infer<typeof feeAdjustmentsSetting>;

const price = z.number().positive("A price must be above 0.");

/** The value schema of each setting, as PUT /preferences/{listing_id}/{setting} takes it. */
export const preferenceSettingSchemas = {
  pricing_enabled: z.boolean(),
  /** null: follow the service's base price recommendation. */
  base_price: price.nullable(),
  /** Percent applied to the base price (10 = 10% above); above -100. */
  base_price_adjustment: z.number().gt(-100).max(1000).nullable(),
  min_price: price.nullable(),
  max_price: price.nullable(),
  min_stay: z.number().int().min(1).max(365).nullable(),
  checkin_checkout: checkinCheckoutSetting.nullable(),
  long_term_discounts: longTermDiscountsSetting.nullable(),
  fees: feesSetting.nullable(),
  guests_included: z.number().int().min(1).max(100).nullable(),
  nickname: z.string().trim().min(1).max(100).nullable(),
  fee_adjustments: feeAdjustmentsSetting.nullable(),
} satisfies Record<PreferenceSettingName, z.ZodType>;

export type PreferenceSettingValues = {
  [K in PreferenceSettingName]: z.infer<(typeof preferenceSettingSchemas)[K]>;
};

/** min_price <= max_price where one payload gives both (the service also checks stored values). */
function checkMinMax(value: { min_price?: number | null; max_price?: number | null }, ctx: z.RefinementCtx) {
  const { min_price: min, max_price: max } = value;
  if (min != null && max != null && min > max) {
    ctx.addIssue({
      code: "custom",
      path: ["min_price"],
      message: "The minimum price is above the maximum price.",
    });
  }
}

/** The service's error code for refused preference values (docs/interface-decisions.md §4). */
export const INVALID_PREFERENCES = "invalid_preferences";

/**
 * Marks every issue under a preference schema with `params.code: invalid_preferences`, which
 * the reference service answers as the error code (docs/interface-decisions.md §4) instead of `invalid_body`,
 * and names each unknown key as its own field. Runs only when something already failed.
 */
export function asInvalidPreferences(_value: unknown, payload: z.core.$RefinementCtx<unknown>) {
  const issues = payload.issues.splice(0, payload.issues.length);
  for (const issue of issues) {
    const named =
      issue.code === "unrecognized_keys" && !issue.path?.length
        ? issue.keys.map((key) => ({
            code: "custom" as const,
            input: issue.input,
            path: [key],
            message: `${key} is not a preference setting.`,
          }))
        : [issue];
    for (const each of named) {
      const params = (each as { params?: Record<string, unknown> }).params;
      payload.issues.push({ ...each, params: { ...params, code: INVALID_PREFERENCES } } as typeof issue);
    }
  }
}
export const whenFailed = { when: (payload: z.core.ParsePayload) => payload.issues.length > 0 };

/**
 * A partial set of settings: the body of PUT /preferences/{listing_id} and of preview, and
 * `settings` of a batch entry. Absent keys stay as they are; an unknown key is rejected.
 */
export const preferenceSettings = z
  .strictObject(preferenceSettingSchemas)
  .partial()
  .superRefine(checkMinMax)
  .superRefine(asInvalidPreferences, whenFailed);
export type PreferenceSettings = z.infer<typeof preferenceSettings>;

/** GET /preferences/{listing_id}: every setting name as a key. */
export const listingPreferences = z
  .object({
    listing_id: z.string(),
    channel: channelName,
    /** Currency of every money setting: the listing's. */
    currency: currencyCode,
    supported_settings: supportedSettings,
    ...preferenceSettingSchemas,
  })
  .superRefine(ourRule(checkMinMax));
export type ListingPreferences = z.infer<typeof listingPreferences>;

export const preferenceWarningReason = openSet([
  "not_supported_by_channel",
  "partially_supported_by_channel",
]);

/**
 * A setting (or part of it) the channel could not act on and that was discarded. `attributes`
 * names the fields not applied: the object's field names, or the setting name for a scalar.
 */
export const preferenceWarning = z.object({
  setting: openSet(PREFERENCE_SETTING_NAMES),
  reason: preferenceWarningReason,
  attributes: z.array(z.string().min(1)).min(1),
  message: z.string(),
});
export type PreferenceWarning = z.infer<typeof preferenceWarning>;

/** Answer of every single-listing preference write. */
export const preferenceWriteResult = z.object({
  preferences: listingPreferences,
  warnings: z.array(preferenceWarning),
});
export type PreferenceWriteResult = z.infer<typeof preferenceWriteResult>;
