import { z } from "zod";
import { bodyListingId, currencyCode, isoDate } from "@/lib/svc/schemas/common";
import { supportedSettings } from "@/lib/svc/schemas/listings";
import { ourRule } from "@/lib/svc/schemas/reading";
import { listingDateRangeQuery } from "@/lib/svc/schemas/calendar";
import {
  asInvalidPreferences,
  listingPreferences,
  longTermDiscountsSetting,
  preferenceSettingName,
  preferenceSettingSchemas,
  preferenceWarning,
  uniqueList,
  whenFailed,
  type PreferenceSettingName,
} from "@/lib/svc/schemas/preferences";

/**
 * The smaller per-listing preference endpoints: copy from another listing, write one setting,
 * read long-term discounts in the channel's own form, preview a change before saving. Apart
 * from the settings themselves, which every editor imports.
 */

/** `copy_preferences_from` is read per the request's channel; without `settings`, all copy. */
export const copyPreferencesBody = z.object({
  copy_preferences_from: bodyListingId,
  settings: uniqueList(preferenceSettingName, "setting")
    .min(1)
    .optional()
    .superRefine(asInvalidPreferences, whenFailed),
});
export type CopyPreferencesBody = z.infer<typeof copyPreferencesBody>;

/**
 * PUT /preferences/{listing_id}/{setting} body: `{value}`, validated against the setting the
 * path names (use `settingWriteBody(setting)` for the typed form).
 */
export const settingWriteBodyAny = z
  .object({ value: z.unknown() })
  .refine((body) => body.value !== undefined, { path: ["value"], message: "A value is required." });

export function settingWriteBody<K extends PreferenceSettingName>(setting: K) {
  return z.object({ value: preferenceSettingSchemas[setting] });
}

// ---------------------------------------------------------------- reads

/**
 * GET /preferences/{listing_id}/long_term_discounts: the percent setting, and for a
 * `weekly_monthly` channel the factors posted to it (1 - percent / 100), null otherwise.
 */
export const longTermDiscountsView = z
  .object({
    listing_id: z.string(),
    form: supportedSettings.shape.long_term_discount_form,
    long_term_discounts: longTermDiscountsSetting.nullable(),
    weekly_monthly: z
      .object({
        weekly_price_factor: z.number().gt(0).max(1).nullable(),
        monthly_price_factor: z.number().gt(0).max(1).nullable(),
      })
      .nullable(),
  })
  .superRefine(
    ourRule((view, ctx) => {
      if ((view.form === "weekly_monthly") !== (view.weekly_monthly !== null)) {
        ctx.addIssue({
          code: "custom",
          path: ["weekly_monthly"],
          message: "weekly_monthly is given exactly when form is weekly_monthly",
        });
      }
    }),
  );
export type LongTermDiscountsView = z.infer<typeof longTermDiscountsView>;

// ---------------------------------------------------------------- preview

/** Range of the preview: default the next 90 dates, at most 365. */
export const previewQuery = listingDateRangeQuery({});

export const previewResult = z.object({
  currency: currencyCode,
  preferences: listingPreferences,
  warnings: z.array(preferenceWarning),
  price_preview: z.array(
    z.object({
      date: isoDate,
      current_price: z.number().nonnegative(),
      preview_price: z.number().nonnegative(),
    }),
  ),
});
export type PreviewResult = z.infer<typeof previewResult>;
