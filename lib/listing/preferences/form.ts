import { z } from "zod";
import type { SupportedSettings } from "@/lib/svc/schemas/listings";
import {
  preferenceSettingSchemas as contract,
  preferenceSettings,
  weekday,
  type PreferenceSettingName,
  type PreferenceSettings,
  type PreferenceSettingValues,
  type Weekday,
} from "@/lib/svc/schemas/preferences";
import { MAX_FEE_PERCENTAGE, MAX_MONEY } from "@/lib/forms/bounds";
import { formParseOptions } from "@/lib/forms/error-map";
import { minAboveMax } from "@/lib/listing/preferences/guardrails";

/**
 * The preferences editor's form, so that it refuses exactly what the service would. Inputs
 * hold text (an empty number field means "clear", i.e. null) and switches; the schema turns
 * them into setting values and then checks each one with the contract's own schema
 * (`preferenceSettingSchemas`), and the whole with `preferenceSettings` (min price not above
 * max price). What is sent of its answer: `form-baseline.ts`.
 */

export const WEEKDAYS: readonly Weekday[] = weekday.options;
export type DiscountForm = SupportedSettings["long_term_discount_form"];

export interface PreferencesFormValues {
  pricing_enabled: boolean;
  base_price: string;
  base_price_adjustment: string;
  min_price: string;
  max_price: string;
  min_stay: string;
  checkin_checkout: { restricted: boolean; checkin_days: Weekday[]; checkout_days: Weekday[] };
  /** Percentages, or on a `weekly_monthly` channel the price factors it takes (0.9 = 10% off). */
  long_term_discounts: { weekly_percent: string; monthly_percent: string };
  fees: { cleaning_fee: string; extra_guest_fee: string };
  guests_included: string;
  nickname: string;
  /** `set: false` clears the setting (null). */
  fee_adjustments: { set: boolean; total_fee_percentage: string; auto_update: boolean };
}

/** The form's answer: each setting's value, or undefined for a setting the form did not hold. */
export type PreferencesFormOutput = { [K in PreferenceSettingName]?: PreferenceSettingValues[K] };

/** "" is null (clear the setting); anything else must read as a number. */
function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : Number(trimmed);
}
/** The forms' bound on money (`forms/bounds.ts`), checked after the contract's own rules. */
const moneyOrNull = z.number().max(MAX_MONEY).nullable();
const money = moneyOrNull.optional();

const numberText = z
  .string()
  .optional()
  .transform((text) => (text === undefined ? undefined : numberOrNull(text)));

/** Factors keep 4 decimals, like the service's GET .../long_term_discounts. */
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
export const percentToFactor = (percent: number) => round(1 - percent / 100, 4);
export const factorToPercent = (factor: number) => round((1 - factor) * 100, 4);

function discountsField(form: DiscountForm) {
  const factors = form === "weekly_monthly";
  return z
    .object({ weekly_percent: z.string(), monthly_percent: z.string() })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const read = (key: "weekly_percent" | "monthly_percent") => {
        const number = numberOrNull(value[key]);
        if (!factors || number === null) return number;
        if (!Number.isFinite(number) || number <= 0 || number > 1) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "A price factor is above 0 and at most 1 (0.9 keeps 90% of the nightly price).",
          });
          return null;
        }
        return factorToPercent(number);
      };
      const weekly = read("weekly_percent");
      const monthly = read("monthly_percent");
      return weekly === null && monthly === null
        ? null
        : { weekly_percent: weekly, monthly_percent: monthly };
    })
    .pipe(contract.long_term_discounts.optional());
}

/**
 * The form schema of one listing: the discount inputs depend on the form its channel takes;
 * the currency (null across listings of several) words the limits' refusal.
 */
export function preferencesFormSchema(form: DiscountForm, currency: string | null = null) {
  return z
    .object({
      pricing_enabled: contract.pricing_enabled.optional(),
      base_price: numberText.pipe(contract.base_price.optional()).pipe(money),
      base_price_adjustment: numberText.pipe(contract.base_price_adjustment.optional()),
      min_price: numberText.pipe(contract.min_price.optional()).pipe(money),
      max_price: numberText.pipe(contract.max_price.optional()).pipe(money),
      min_stay: numberText.pipe(contract.min_stay.optional()),
      checkin_checkout: z
        .object({ restricted: z.boolean(), checkin_days: z.array(weekday), checkout_days: z.array(weekday) })
        .optional()
        .transform((value) => {
          if (value === undefined) return undefined;
          if (!value.restricted) return null;
          return {
            checkin_days: inWeekOrder(value.checkin_days),
            checkout_days: inWeekOrder(value.checkout_days),
          };
        })
        .pipe(contract.checkin_checkout.optional()),
      long_term_discounts: discountsField(form),
      fees: z
        .object({ cleaning_fee: z.string(), extra_guest_fee: z.string() })
        .optional()
        .transform((value) => {
          if (value === undefined) return undefined;
          const fees = {
            cleaning_fee: numberOrNull(value.cleaning_fee),
            extra_guest_fee: numberOrNull(value.extra_guest_fee),
          };
          return fees.cleaning_fee === null && fees.extra_guest_fee === null ? null : fees;
        })
        .pipe(contract.fees.optional())
        .pipe(z.object({ cleaning_fee: moneyOrNull, extra_guest_fee: moneyOrNull }).nullable().optional()),
      guests_included: numberText.pipe(contract.guests_included.optional()),
      nickname: z
        .string()
        .optional()
        .transform((text) => (text === undefined ? undefined : text.trim() === "" ? null : text.trim()))
        .pipe(contract.nickname.optional()),
      fee_adjustments: z
        .object({ set: z.boolean(), total_fee_percentage: z.string(), auto_update: z.boolean() })
        .optional()
        .transform((value, ctx) => {
          if (value === undefined) return undefined;
          if (!value.set) return null;
          const total = numberOrNull(value.total_fee_percentage);
          if (total === null) {
            ctx.addIssue({
              code: "custom",
              path: ["total_fee_percentage"],
              message: "Enter the total fee percentage, or clear the fee adjustments.",
            });
            return z.NEVER;
          }
          return { total_fee_percentage: total, auto_update: value.auto_update };
        })
        .pipe(contract.fee_adjustments.optional())
        .pipe(
          z
            .object({ total_fee_percentage: z.number().max(MAX_FEE_PERCENTAGE), auto_update: z.boolean() })
            .nullable()
            .optional(),
        ),
    })
    .superRefine(
      (settings, ctx) => {
        // Min price above max price: the contract refuses it; the guardrail's sentence says why.
        const limits = minAboveMax({
          min: settings.min_price ?? null,
          max: settings.max_price ?? null,
          currency,
        });
        if (limits) {
          ctx.addIssue({ code: "custom", path: ["min_price"], message: limits.message });
          return;
        }
        // The contract's other checks across settings.
        const checked = preferenceSettings.safeParse(definedOnly(settings), formParseOptions);
        if (checked.success) return;
        for (const issue of checked.error.issues) {
          ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
        }
      },
      // Only once every setting passed on its own: one reason per input.
      { when: (payload) => payload.issues.length === 0 },
    ) satisfies z.ZodType<PreferencesFormOutput, Partial<PreferencesFormValues>>;
}
export type PreferencesFormSchema = ReturnType<typeof preferencesFormSchema>;

function inWeekOrder(days: Weekday[]): Weekday[] {
  return WEEKDAYS.filter((day) => days.includes(day));
}

/** The settings the form's answer gives (those it held). */
export function definedOnly(settings: PreferencesFormOutput): PreferenceSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}
