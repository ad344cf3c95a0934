import { z } from "zod";
import { MAX_ADJUSTMENT_PERCENT, MAX_MIN_STAY_NIGHTS, MAX_MONEY } from "@/lib/forms/bounds";
import { canCheckRate, customRateOutsideLimits, limitsOf } from "@/lib/listing/custom-rates/guardrails";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { NightChange } from "@/lib/calendar/bulk-change";
import { formatCount } from "@/lib/format/numbers";

/**
 * The change typed for a selection of the portfolio calendar: a fixed price, a percentage of
 * the recommendation, or a minimum stay (written as a custom rate that follows the
 * recommendation, 0 %, with that minimum stay). The nights come from the selection.
 */

export type ChangeMode = "fixed" | "percent" | "min_stay";

export interface ChangeFormValues {
  mode: ChangeMode;
  value: number;
  reason: string;
}

export const changeFormSchema = z
  .object({
    mode: z.enum(["fixed", "percent", "min_stay"]),
    value: z.number({ error: "Type a number." }),
    reason: z.string().trim().max(200, { error: "The reason can be at most 200 characters." }),
  })
  .superRefine((values, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: "custom", path: ["value"], message });
    if (values.mode === "fixed" && !(values.value > 0 && values.value <= MAX_MONEY)) {
      problem(`A fixed price is above 0 and at most ${formatCount(MAX_MONEY)}.`);
    }
    if (values.mode === "percent" && !(values.value > -100 && values.value <= MAX_ADJUSTMENT_PERCENT)) {
      problem(`A percentage is above -100 and at most ${formatCount(MAX_ADJUSTMENT_PERCENT)}.`);
    }
    if (
      values.mode === "min_stay" &&
      !(Number.isInteger(values.value) && values.value >= 1 && values.value <= MAX_MIN_STAY_NIGHTS)
    ) {
      problem(`A minimum stay is a whole number of nights from 1 to ${MAX_MIN_STAY_NIGHTS}.`);
    }
  });

export function toChange(values: ChangeFormValues): NightChange {
  return values.mode === "min_stay"
    ? { kind: "min_stay", minStay: values.value }
    : { kind: "rate", priceType: values.mode, priceValue: values.value };
}

/** What the written nights become, in words for the preview ("$250 a night", "10 % above the recommendation"). */
export function afterWords(change: NightChange, money: (value: number) => string): string {
  if (change.kind === "min_stay") {
    return `Minimum stay ${change.minStay} ${change.minStay === 1 ? "night" : "nights"}; the price follows the recommendation`;
  }
  if (change.priceType === "fixed") return `${money(change.priceValue)} a night`;
  const v = change.priceValue;
  return v === 0 ? "The recommendation" : `${Math.abs(v)} % ${v > 0 ? "above" : "below"} the recommendation`;
}

/**
 * The listings whose price limits the typed rate falls outside (the custom-rate guardrail of
 * each listing, as in its own tab): advice said per listing before Apply, never a refusal.
 */
export function outsideLimits(
  change: NightChange | null,
  listings: readonly Listing[],
): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  if (!change || change.kind !== "rate") return found;
  const rate = { price_type: change.priceType, price_value: change.priceValue };
  for (const listing of listings) {
    const limits = limitsOf(listing);
    if (!canCheckRate(rate.price_type, limits)) continue;
    const finding = customRateOutsideLimits(rate, limits);
    if (finding) found.set(listing.svc_id, finding.message);
  }
  return found;
}
