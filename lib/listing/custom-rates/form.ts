import { z } from "zod";
import { MAX_ADJUSTMENT_PERCENT, MAX_MONEY } from "@/lib/forms/bounds";
import { isSvcError } from "@/lib/svc/errors";
import { customPriceType, type CustomPriceType } from "@/lib/svc/schemas/calendar";
import { customRateInput, type CustomRate, type CustomRateInput } from "@/lib/svc/schemas/custom-rates";
import { READ_ONLY_CUSTOM_RATES_REASON } from "@/lib/listing/custom-rates/permission";
import { periodDates, rateWords } from "@/lib/listing/custom-rates/words";
import { formatCount } from "@/lib/format/numbers";

/**
 * The custom-rate form (one period, single listing or bulk): what the inputs hold, how it
 * becomes the contract's period, who may write, where the service's refusals belong, and how
 * a write that split existing periods is told. Pure, so each rule has a unit test.
 */

/** What the inputs hold: text, as the browser gives it. Empty optional fields are "". */
export interface CustomRateFormValues {
  start_date: string;
  end_date: string;
  price_type: CustomPriceType;
  price_value: string;
  min_stay: string;
  /** `datetime-local` text in the reader's own time zone, or "". */
  expires_at: string;
  reason: string;
}

export const emptyCustomRateForm: CustomRateFormValues = {
  start_date: "",
  end_date: "",
  price_type: "percent",
  price_value: "",
  min_stay: "",
  expires_at: "",
  reason: "",
};

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** `datetime-local` text ("2026-12-01T18:00") read in the reader's zone, as an ISO UTC timestamp. */
export function localDateTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return null;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * First the inputs in words a person understands (a number, whole nights, a real time),
 * then the contract's own period schema (`customRateInput`): the same rules the service
 * checks, so the form refuses what the service would, with the error on the same field.
 */
export const customRateFormSchema = z
  .object({
    start_date: z.string().min(1, "Pick the first night."),
    end_date: z.string().min(1, "Pick the last night."),
    price_type: customPriceType,
    price_value: z
      .string()
      .trim()
      .min(1, "Enter a price or a percentage.")
      .regex(NUMBER, "Enter a number, such as 180 or -15."),
    min_stay: z
      .string()
      .trim()
      .regex(/^(\d+)?$/, "Enter a whole number of nights, or leave it empty."),
    expires_at: z
      .string()
      .trim()
      .refine((v) => v === "" || localDateTimeToIso(v) !== null, "Enter a date and time, or leave it empty."),
    reason: z.string().trim().max(200, "Keep the reason to 200 characters."),
  })
  .transform((values): CustomRateInput => toCustomRateInput(values))
  .pipe(customRateInput)
  .superRefine((period, ctx) => {
    // The forms' bounds (forms/bounds.ts): a price a revenue manager would type, not a typo.
    const fixed = period.price_type === "fixed";
    const max = fixed ? MAX_MONEY : MAX_ADJUSTMENT_PERCENT;
    if (period.price_value > max) {
      ctx.addIssue({
        code: "custom",
        path: ["price_value"],
        message: fixed
          ? `A fixed price can be at most ${formatCount(max)}.`
          : `A percentage can be at most ${formatCount(max)} %.`,
      });
    }
  });

/** The form's text as the contract's period: empty optional fields are left out. */
export function toCustomRateInput(values: CustomRateFormValues): CustomRateInput {
  const expires = values.expires_at.trim() === "" ? null : localDateTimeToIso(values.expires_at.trim());
  const reason = values.reason.trim();
  return {
    start_date: values.start_date,
    end_date: values.end_date,
    price_type: values.price_type,
    price_value: Number(values.price_value),
    ...(values.min_stay.trim() === "" ? {} : { min_stay: Number(values.min_stay) }),
    ...(expires === null ? {} : { expires_at: expires }),
    ...(reason === "" ? {} : { reason }),
  };
}

/**
 * The PUT body for one period: the period's `expires_at` travels as the request's (the
 * interface's "PUT takes optional expires_at"); the two mean the same for one period.
 */
export function putBodyFor(period: CustomRateInput): {
  custom_rates: CustomRateInput[];
  expires_at?: string;
} {
  const { expires_at, ...rest } = period;
  return { custom_rates: [rest], ...(expires_at ? { expires_at } : {}) };
}

// ---------------------------------------------------------------- the service's refusals

export type CustomRateField =
  "start_date" | "end_date" | "price_value" | "min_stay" | "expires_at" | "reason";
const FIELDS: readonly string[] = [
  "start_date",
  "end_date",
  "price_value",
  "min_stay",
  "expires_at",
  "reason",
];

/**
 * Where a refused write's reason belongs: a 400 naming a period field (`custom_rates.0.end_date`,
 * or the request's `expires_at`) goes next to that field with the service's sentence; anything
 * else goes to the form's root. null when the error is not the service's.
 */
export function customRateFormError(
  error: unknown,
): { field: CustomRateField | "root"; message: string } | null {
  if (!isSvcError(error)) return null;
  if (error.status === 403 && error.code === "read_only_key") {
    return { field: "root", message: READ_ONLY_CUSTOM_RATES_REASON };
  }
  if (error.status === 400) {
    const fields = error.details?.fields;
    if (Array.isArray(fields)) {
      for (const entry of fields as Array<{ field?: unknown; message?: unknown }>) {
        const name = typeof entry.field === "string" ? entry.field.split(".").pop() : undefined;
        if (name && FIELDS.includes(name) && typeof entry.message === "string") {
          return { field: name as CustomRateField, message: entry.message };
        }
      }
    }
  }
  return { field: "root", message: error.message };
}

// ---------------------------------------------------------------- splits

export interface PeriodOutcome {
  period: CustomRate;
  /** The parts of it still in force after the write, as the service answered them. */
  parts: CustomRate[];
}

const sameRate = (a: CustomRate, b: CustomRate) =>
  a.price_type === b.price_type &&
  a.price_value === b.price_value &&
  (a.min_price ?? null) === (b.min_price ?? null) &&
  (a.max_price ?? null) === (b.max_price ?? null) &&
  (a.min_stay ?? null) === (b.min_stay ?? null) &&
  (a.reason ?? null) === (b.reason ?? null) &&
  (a.expires_at ?? null) === (b.expires_at ?? null);

/**
 * What a write over `range` did to the periods in force before it, read from the service's
 * answer (the periods in force after): each period the range touched is either split (its
 * parts outside the range remain, same rate) or gone. Periods the range did not touch are
 * left out. The answer is the truth: parts are the answer's periods, not computed ones.
 */
export function periodOutcomes(
  before: readonly CustomRate[],
  range: { start_date: string; end_date: string },
  after: readonly CustomRate[],
): PeriodOutcome[] {
  const touched = before.filter((p) => p.start_date <= range.end_date && p.end_date >= range.start_date);
  return touched.map((period) => ({
    period,
    parts: after.filter(
      (part) =>
        sameRate(part, period) &&
        part.start_date >= period.start_date &&
        part.end_date <= period.end_date &&
        (part.end_date < range.start_date || part.start_date > range.end_date),
    ),
  }));
}

// ---------------------------------------------------------------- words

/**
 * One sentence per touched period: "The period 28 Nov – 2 Dec 2026 (11% below the
 * recommendation) was split into 28 – 29 Nov 2026 and 2 Dec 2026." (one part left: "was split:
 * … remains."). A period with no part left was replaced by the new rate (a write) or removed
 * (a delete).
 */
export function outcomeSentence(outcome: PeriodOutcome, kind: "put" | "delete", currency: string): string {
  const what = `The period ${periodDates(outcome.period)} (${rateWords(outcome.period, currency)})`;
  if (outcome.parts.length === 0) {
    return kind === "put" ? `${what} was replaced by the new rate.` : `${what} was removed.`;
  }
  const parts = outcome.parts.map(periodDates);
  if (parts.length === 1) return `${what} was split: ${parts[0]} remains.`;
  return `${what} was split into ${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}.`;
}
