import type { PreferenceSettingName, PreferenceSettings } from "@/lib/svc/schemas/preferences";
import { formParseOptions } from "@/lib/forms/error-map";
import {
  definedOnly,
  preferencesFormSchema,
  type PreferencesFormValues,
} from "@/lib/listing/preferences/form";

/**
 * A batch edit from the portfolio (batch PUT /preferences): the settings it offers, its form's
 * starting values, and the `settings` every entry sends, checked by the single-listing form's
 * schema so both refuse the same values.
 */

/** The settings a batch edit from the portfolio offers: the ones that make sense across listings. */
export const BATCH_SETTINGS = [
  "pricing_enabled",
  "base_price_adjustment",
  "min_price",
  "max_price",
  "min_stay",
  "long_term_discounts",
  "fee_adjustments",
] as const satisfies readonly PreferenceSettingName[];
export type BatchSetting = (typeof BATCH_SETTINGS)[number];
export type BatchFormValues = Pick<PreferencesFormValues, BatchSetting>;

export const emptyBatchValues: BatchFormValues = {
  pricing_enabled: true,
  base_price_adjustment: "",
  min_price: "",
  max_price: "",
  min_stay: "",
  long_term_discounts: { weekly_percent: "", monthly_percent: "" },
  fee_adjustments: { set: true, total_fee_percentage: "", auto_update: true },
};

/**
 * The `settings` of every batch entry: the chosen settings only, checked by the same schema
 * as the single-listing form. Discounts are written as percentages, whatever each channel
 * takes (the service converts). Refusals come back by input path.
 */
export function batchSettings(
  chosen: readonly BatchSetting[],
  values: BatchFormValues,
  /** The listings' one currency, to word amounts in; null when they differ. */
  currency: string | null = null,
): { ok: true; settings: PreferenceSettings } | { ok: false; errors: Record<string, string> } {
  const picked = Object.fromEntries(chosen.map((setting) => [setting, values[setting]]));
  const parsed = preferencesFormSchema("percent", currency).safeParse(picked, formParseOptions);
  if (parsed.success) return { ok: true, settings: definedOnly(parsed.data) };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return { ok: false, errors };
}
